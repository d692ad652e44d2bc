# Runs a pdpv command and, a second after the start and once the engines'
# processes run, stops (SIGSTOP) one of its processes as if it hung: the
# worker (the default), or with --engine one of the engines' processes (a
# fork of the worker). (Waiting for the engines keeps the test's meaning on
# a slow machine, where compiling the program can take more than a second.)
# Then prints the result line, how many assertions the work reported, the
# CPU time that wait4 saw for the command (the engines' processes included)
# and how many processes of the run are still alive afterwards (those with
# its command line: the engines' processes are forks of it).
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


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return None


own = "\0".join(command).encode() + b"\0"


def forks_of(pid):
    # (only forks: the worker's other children, a compiler, run other programs)
    return [int(p) for p in os.listdir("/proc")
            if p.isdigit() and parent(p) == pid and cmdline(p) == own]


pdpv = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(1)
for _ in range(600):  # at most a minute
    workers = forks_of(pdpv.pid)
    engines = forks_of(workers[0]) if workers else []
    if engines:
        break
    time.sleep(0.1)
else:
    sys.exit("no engine process started within a minute")
os.kill(engines[0] if stop_engine else workers[0], 19)  # SIGSTOP
out, _ = pdpv.communicate()
lines = out.strip().splitlines()
print(lines[-1])
# (Only the work reports each assertion; the watchdog says just the result.)
print("assertions reported:", sum("warning: assertion" in line for line in lines))
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime
print("CPU time of the command:", "at least 0.5 s" if cpu >= 0.5 else f"{cpu:.2f} s")
time.sleep(0.2)
print("processes left:", sum(cmdline(p) == own for p in filter(str.isdigit, os.listdir("/proc"))))
