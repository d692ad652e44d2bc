//===- Supervisor.cpp - The pdpv command's watchdog process ---------------===//

#include "Supervisor.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace pdpv {

namespace {

volatile std::sig_atomic_t StopRequested = 0;

/// The child's end of the pipe on which it says that it is reporting.
int ReportingFd = -1;

void requestStop(int) { StopRequested = 1; }

constexpr const char *KeptFilesVariable = "PDPV_KEPT_FILES_DIR";

/// Removes Dir and everything in it (the child's temporary files).
void removeTree(const std::string &Dir) {
  std::error_code EC;
  std::vector<std::string> Files;
  for (sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC))
    Files.push_back(I->path());
  for (const std::string &F : Files)
    sys::fs::remove(F);
  sys::fs::remove(Dir);
}

/// Stops and waits for what is left of the child's processes. The child's
/// descendants whose parent ended before them (a solver, a native run of an
/// engine that was stopped) were handed to this process, a subreaper: none
/// of them outlives the command, and waiting for them counts their CPU time
/// as the command's (a benchmark's wait4 sees it). Those that are ending
/// already get a moment to do so; any still running after it are killed.
void reapDescendants() {
  auto Reap = [] {
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
  };
  for (int Round = 0; Round < 50; ++Round) {
    Reap();
    // The children of this process (Linux: listed per thread).
    std::vector<pid_t> Left;
    std::error_code EC;
    for (sys::fs::directory_iterator T("/proc/self/task", EC), E; T != E && !EC; T.increment(EC)) {
      auto Buffer = MemoryBuffer::getFileAsStream(T->path() + "/children");
      if (!Buffer)
        continue;
      SmallVector<StringRef, 8> Pids;
      (*Buffer)->getBuffer().split(Pids, ' ', -1, /*KeepEmpty=*/false);
      for (StringRef P : Pids)
        if (pid_t Pid; !P.trim().getAsInteger(10, Pid))
          Left.push_back(Pid);
    }
    if (Left.empty())
      return;
    if (Round >= 10) // (10 ms: what was killed with its group has ended)
      for (pid_t Pid : Left) {
        kill(-Pid, SIGKILL); // (a forked engine leads its own group)
        kill(Pid, SIGKILL);
      }
    // A millisecond, or less where the kernel says when one of them ends
    // (pidfd_open, Linux 5.3): a killed engine takes a few to be taken apart.
    std::vector<pollfd> Ends;
    for (pid_t Pid : Left)
      if (int Fd = static_cast<int>(syscall(SYS_pidfd_open, Pid, 0)); Fd >= 0)
        Ends.push_back({Fd, POLLIN, 0});
    if (Ends.size() == Left.size())
      poll(Ends.data(), Ends.size(), 1);
    else
      usleep(1000);
    for (const pollfd &E : Ends)
      close(E.fd);
  }
  Reap();
}

/// The child's private directory, as createUniqueDirectory's prefix. The
/// engines create and remove many small files (solver queries and answers,
/// harnesses, objects, replays): on a disk each create and remove is a
/// journal transaction, milliseconds on some (an ext4 mounted with discard:
/// a tenth of a small task's time). So unless the user chose a directory
/// (TMPDIR), a file system in memory is used when there is one that may run
/// programs (the replays are executables); else the system's temporary
/// directory, as a relative prefix says.
std::string privateDirectoryPrefix() {
  constexpr const char *Memory = "/dev/shm";
  constexpr long TmpfsMagic = 0x01021994;
  struct statfs Fs;
  struct statvfs Vfs;
  if (std::getenv("TMPDIR") || statfs(Memory, &Fs) != 0 || Fs.f_type != TmpfsMagic ||
      statvfs(Memory, &Vfs) != 0 || (Vfs.f_flag & (ST_NOEXEC | ST_RDONLY)) ||
      access(Memory, W_OK | X_OK) != 0)
    return "pdpv-run";
  return std::string(Memory) + "/pdpv-run";
}

} // namespace

std::string keptFilesDirectory() {
  if (const char *D = std::getenv(KeptFilesVariable))
    return D;
  SmallString<128> Tmp;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Tmp);
  return std::string(Tmp);
}

void superviseChild(unsigned TimeoutSeconds, int UnknownExit,
                    function_ref<void(const std::string &Reason)> Unknown) {
  SmallString<128> Private;
  std::string Kept = keptFilesDirectory();
  if (sys::fs::createUniqueDirectory(privateDirectoryPrefix(), Private))
    return; // no watchdog then: the work runs in this process, as before
  int Pipe[2];
  if (pipe(Pipe) != 0) {
    sys::fs::remove(Private);
    return;
  }
  outs().flush();
  errs().flush();
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  pid_t Child = fork();
  if (Child < 0) {
    sys::fs::remove(Private);
    close(Pipe[0]);
    close(Pipe[1]);
    return;
  }
  if (Child == 0) {
    close(Pipe[0]);
    ReportingFd = Pipe[1];
    setpgid(0, 0);                  // one group with the solvers it starts
    prctl(PR_SET_PDEATHSIG, SIGKILL); // and nothing outlives the parent
    setenv("TMPDIR", Private.c_str(), 1);
    setenv(KeptFilesVariable, Kept.c_str(), 1);
    return;
  }
  setpgid(Child, Child);
  close(Pipe[1]);
  fcntl(Pipe[0], F_SETFL, O_NONBLOCK);
  struct sigaction Stop = {};
  Stop.sa_handler = requestStop;
  sigaction(SIGINT, &Stop, nullptr);
  sigaction(SIGTERM, &Stop, nullptr);
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(TimeoutSeconds) +
                  std::chrono::milliseconds(TimeLimitGraceMs);
  std::string Reason;
  int Status = 0;
  bool Reporting = false;
  // The child's end is seen at once where the kernel has pidfd_open (Linux
  // 5.3), else within 20 ms: most runs take a tenth of a second.
  int ChildFd = static_cast<int>(syscall(SYS_pidfd_open, Child, 0));
  for (;;) {
    pid_t Done = waitpid(Child, &Status, WNOHANG);
    if (Done == Child)
      break;
    char Byte;
    if (!Reporting && read(Pipe[0], &Byte, 1) == 1) {
      Reporting = true;
      Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(ReportingGraceSeconds);
    }
    if (Reporting) {
      if (std::chrono::steady_clock::now() >= Deadline) {
        kill(-Child, SIGKILL);
        waitpid(Child, &Status, 0);
        break;
      }
    } else if (StopRequested)
      Reason = "interrupted";
    else if (TimeoutSeconds && std::chrono::steady_clock::now() >= Deadline)
      Reason = "total time limit reached (" + std::to_string(TimeoutSeconds) + " s)";
    if (!Reason.empty()) {
      kill(-Child, SIGKILL);
      waitpid(Child, &Status, 0);
      break;
    }
    // Until the child ends, says it is reporting, a signal comes or the deadline.
    pollfd Events[2] = {{ChildFd, POLLIN, 0}, {Reporting ? -1 : Pipe[0], POLLIN, 0}};
    // (Without a time limit the deadline is no deadline: at most a second.)
    long long Left = 1000;
    if (Reporting || TimeoutSeconds)
      Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                 Deadline - std::chrono::steady_clock::now())
                 .count();
    int Ms = ChildFd < 0 ? 20 : static_cast<int>(std::clamp<long long>(Left, 1, 1000));
    poll(Events, 2, Ms);
  }
  if (ChildFd >= 0)
    close(ChildFd);
  reapDescendants();
  removeTree(std::string(Private));
  if (Reason.empty() && WIFEXITED(Status))
    std::_Exit(WEXITSTATUS(Status));
  if (Reporting) // it wrote its result (or as much of it as it could)
    std::_Exit(UnknownExit);
  if (Reason.empty() && (StopRequested || WTERMSIG(Status) == SIGINT || WTERMSIG(Status) == SIGTERM))
    Reason = "interrupted"; // the signal reached the child too (kill -INT of both)
  if (Reason.empty())
    Reason = "internal error: pdpv crashed (signal " + std::to_string(WTERMSIG(Status)) + ")";
  Unknown(Reason);
  outs().flush();
  errs().flush();
  std::_Exit(UnknownExit);
}

void startReporting() {
  if (ReportingFd < 0)
    return;
  char Byte = 'R';
  (void)!write(ReportingFd, &Byte, 1);
}

} // namespace pdpv
