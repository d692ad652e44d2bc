//===- Forked.cpp - Work in child processes, first answers win ------------===//

#include "Forked.h"

#include "pdpv/StatusLine.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace pdpv {

namespace {

/// Children stopped or answered but not yet reaped.
std::vector<pid_t> Ending;

/// Reaps those of them that have ended. (Only these: other code waits for
/// its own processes.) What is left when this process ends goes to its
/// parent (the pdpv command's watchdog reaps them) or to init.
void reapEnded() {
  llvm::erase_if(Ending, [](pid_t Pid) { return waitpid(Pid, nullptr, WNOHANG) != 0; });
}

} // namespace

std::optional<llvm::StringRef> ForkedChild::lastMessage() const {
  llvm::StringRef Messages(Output);
  size_t End = Messages.rfind('\0'); // (what follows it was cut off)
  if (End == llvm::StringRef::npos)
    return std::nullopt;
  Messages = Messages.take_front(End);
  size_t Begin = Messages.rfind('\0');
  return Begin == llvm::StringRef::npos ? Messages : Messages.drop_front(Begin + 1);
}

ForkedChild startChild(const std::function<std::string(const SendFn &Send)> &Work) {
  reapEnded();
  ForkedChild C;
  int Fds[2];
  if (pipe(Fds) != 0)
    return C;
  // What the parent buffered must not be written twice.
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  pid_t Pid = fork();
  if (Pid < 0) {
    close(Fds[0]);
    close(Fds[1]);
    return C;
  }
  if (Pid == 0) {
    close(Fds[0]);
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) // the parent is gone already
      _exit(1);
#endif
    auto Send = [&](const std::string &Message) {
      std::string Out = Message + '\0';
      for (size_t Done = 0; Done < Out.size();) {
        ssize_t N = write(Fds[1], Out.data() + Done, Out.size() - Done);
        if (N < 0 && errno == EINTR)
          continue;
        if (N <= 0)
          break;
        Done += N;
      }
    };
    try {
      Send(Work(Send));
    } catch (...) {
      // no answer: the parent has what the child sent before, if anything
    }
    llvm::errs().flush();
    // Answered: the parent goes on now, not once the kernel has taken this
    // large address space apart (milliseconds, after the pipe's end).
    close(Fds[1]);
    _exit(0);
  }
  close(Fds[1]);
  // The child leads its own group from the start (set here too: a kill
  // before the child ran setpgid must still reach it).
  setpgid(Pid, Pid);
  C.Pid = Pid;
  C.Pipe = Fds[0];
  return C;
}

void awaitChildren(std::vector<ForkedChild> &Children,
                   std::chrono::steady_clock::time_point Until,
                   llvm::function_ref<bool(size_t)> Done) {
  bool Stop = false;
  while (!Stop) {
    std::vector<pollfd> Fds;
    std::vector<size_t> Which;
    for (size_t I = 0; I < Children.size(); ++I)
      if (!Children[I].Finished && Children[I].Pipe >= 0) {
        Fds.push_back({Children[I].Pipe, POLLIN, 0});
        Which.push_back(I);
      }
    if (Fds.empty())
      break;
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    Until - std::chrono::steady_clock::now())
                    .count();
    if (Left <= 0)
      break;
    int N = poll(Fds.data(), Fds.size(), static_cast<int>(std::min<long long>(Left, 250)));
    StatusLine::get().tick();
    if (N < 0 && errno != EINTR)
      break;
    for (size_t K = 0; K < Fds.size() && N > 0; ++K) {
      if (!(Fds[K].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ForkedChild &C = Children[Which[K]];
      char Buffer[65536];
      ssize_t Got = read(C.Pipe, Buffer, sizeof Buffer);
      if (Got < 0 && errno == EINTR)
        continue;
      if (Got > 0) {
        C.Output.append(Buffer, Got);
        continue;
      }
      C.Finished = true;
      close(C.Pipe);
      C.Pipe = -1;
      if (Done(Which[K])) {
        Stop = true;
        break;
      }
    }
  }
  for (ForkedChild &C : Children) {
    if (C.Pid < 0)
      continue;
    if (C.Pipe >= 0)
      close(C.Pipe);
    C.Pipe = -1;
    // The child, and whatever it started in its group (a solver, a native
    // run), end now. Waiting for their end would wait for the kernel to take
    // their address spaces apart (milliseconds): they are reaped later.
    kill(-C.Pid, SIGKILL);
    Ending.push_back(C.Pid);
  }
  reapEnded();
}

} // namespace pdpv
