# Runs a pdpv command and, after a second, stops (SIGSTOP) one of its
# processes as if it hung: the worker (the default), or with --engine one of
# the engines' processes (a child of the worker). Then prints the result
# line, how many assertions the work reported, the CPU time that wait4 saw for the command (the engines' processes
# included) and how many processes of the run are still alive afterwards
# (those with its command line: the engines' processes are forks of it).
import os
import resource
import subprocess
import sys
import time

stop_engine = sys.argv[1] == "--engine"
command = sys.argv[2:] if stop_engine else sys.argv[1:]


def parent(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def child_of(pid):
    return next(int(p) for p in os.listdir("/proc") if p.isdigit() and parent(p) == pid)


pdpv = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(1)
worker = child_of(pdpv.pid)
os.kill(child_of(worker) if stop_engine else worker, 19)  # SIGSTOP
out, _ = pdpv.communicate()
lines = out.strip().splitlines()
print(lines[-1])
# (Only the work reports each assertion; the watchdog says just the result.)
print("assertions reported:", sum("warning: assertion" in line for line in lines))
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime
print("CPU time of the command:", "at least 0.5 s" if cpu >= 0.5 else f"{cpu:.2f} s")
time.sleep(0.2)
own = "\0".join(command).encode() + b"\0"
left = []
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            if f.read() == own:
                left.append(pid)
    except OSError:
        pass
print("processes left:", len(left))
