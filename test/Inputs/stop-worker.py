# Runs a pdpv command, stops its worker process (SIGSTOP) after a second, as
# if it hung, and reports what the command left when its watchdog ended it:
# the CPU time that wait4 saw for it (the engines' processes included) and
# the processes of the run still alive afterwards (those with its command
# line: the engines' processes are forks of the command).
import os
import resource
import subprocess
import sys
import time

command = sys.argv[1:]
pdpv = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(1)
def parent(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None
worker = next(int(p) for p in os.listdir("/proc") if p.isdigit() and parent(p) == pdpv.pid)
os.kill(worker, 19)  # SIGSTOP
out, _ = pdpv.communicate()
print(out.strip().splitlines()[-1])
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
