# lit configuration for PDPV. RUN lines are the commands a user types, with
# Debian's LLVM 19 tools (clang-19, opt-19, FileCheck-19, not-19); only the
# plugin's path is a substitution: %libpdpv -> build/lib/libpdpv.so (and %bench
# -> utils/bench, %difftest -> utils/difftest). The
# engine CLI pdpv-mc is found in build/bin.
import os
import lit.formats

config.name = "PDPV"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".btor2", ".test"]
config.excludes = ["Inputs", "unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pdpv_obj_root, "test")

# The benchmark driver, from the source tree (utils/bench).
config.substitutions.append(
    ("%bench", os.path.join(os.path.dirname(config.test_source_root), "utils", "bench")))
config.substitutions.append(
    ("%difftest", os.path.join(os.path.dirname(config.test_source_root), "utils", "difftest")))
# The unit-proof drivers (utils/unit-proofs, utils/unit-proof-mutants).
for script in ("unit-proofs", "unit-proof-mutants"):
    config.substitutions.append(
        ("%" + script, os.path.join(os.path.dirname(config.test_source_root), "utils", script)))
config.substitutions.append(("%libpdpv", os.path.join(config.pdpv_obj_root, "lib", "libpdpv.so")))
# A build for another LLVM (utils/bootstrap --llvm=22) runs the same RUN lines
# with that version's tools: clang-19 there means the clang the plugin was
# built for, as does the compiler of the native replays and of utils/bench
# and utils/difftest (PDPV_CLANG, PDPV_BUILD).
llvm_major = getattr(config, "llvm_major", "19")
if llvm_major != "19":
    for tool in ("clang", "opt", "FileCheck", "count", "not"):
        config.substitutions.append((r"\b%s-19\b" % tool, "%s-%s" % (tool, llvm_major)))
config.environment["PDPV_CLANG"] = "clang-" + llvm_major
# The other supported LLVM's clang and opt, where installed, for the test
# that a plugin built for one LLVM refuses the other clearly.
import shutil
other_major = "22" if llvm_major == "19" else "19"
if shutil.which("clang-" + other_major) and shutil.which("opt-" + other_major):
    config.available_features.add("other-llvm")
    config.substitutions.append(("%other-clang", "clang-" + other_major))
    config.substitutions.append(("%other-opt", "opt-" + other_major))
config.environment["PDPV_BUILD"] = config.pdpv_obj_root
# pdpv-mc is called by name, from the build tree.
config.environment["PATH"] = os.pathsep.join(
    [os.path.join(config.pdpv_obj_root, "bin"), "/usr/bin", config.environment.get("PATH", "")])

# Machines differ, and the suite must pass on each kind:
# - `chromium`: the HTML report's tests in a real browser;
# - `run-32bit`: 32-bit executables can run, natively or under qemu-i386 (the
#   ILP32 tests confirm their FALSEs by native runs). The kernel is asked only
#   where qemu-i386 is missing, with a program clang-NN -m32 builds.
import subprocess
import tempfile
if shutil.which("chromium"):
    config.available_features.add("chromium")
qemu = shutil.which("qemu-i386")
def kernel_runs_32bit():
    with tempfile.TemporaryDirectory() as d:
        exe = os.path.join(d, "probe")
        try:
            subprocess.run(["clang-" + llvm_major, "-m32", "-x", "c", "-", "-o", exe],
                           input=b"int main(void) { return 42; }\n", timeout=60,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return subprocess.run([exe], timeout=10).returncode == 42
        except (OSError, subprocess.SubprocessError):
            return False
if qemu or kernel_runs_32bit():
    config.available_features.add("run-32bit")

# `--param refuse-32bit-exec=1` runs the tests that touch the ILP32 data model
# as on a kernel that refuses 32-bit executables: every 32-bit run of pdpv and
# utils/difftest goes through qemu-i386 (PDPV_REFUSE_32BIT_EXEC). The check
# target runs them so after the whole suite, so that both kinds of machine are
# tested on either. Without qemu-i386 there is nothing to run that way.
ILP32_MARKERS = ("-m32", "ilp32", "i386", "i686")
def touches_ilp32(path):
    with open(path, errors="replace") as f:
        text = f.read().lower()
    return any(m in text for m in ILP32_MARKERS)

def tests_not_touching_ilp32():
    """Base names of the tests that do not touch ILP32 (lit excludes by base
    name: one that also names an ILP32 test elsewhere stays)."""
    ilp32, other = set(), set()
    for folder, dirs, files in os.walk(config.test_source_root):
        dirs[:] = [d for d in dirs if d not in ("Inputs", "unit")]
        for name in files:
            if os.path.splitext(name)[1] in config.suffixes:
                (ilp32 if touches_ilp32(os.path.join(folder, name)) else other).add(name)
    return other - ilp32

if lit_config.params.get("refuse-32bit-exec", "0") not in ("", "0"):
    config.name = "PDPV (32-bit executables under qemu-i386)"
    config.environment["PDPV_REFUSE_32BIT_EXEC"] = "1"
    # (utils/difftest's campaigns run their ILP32 programs under qemu-i386
    # wherever this matters, and its refusal path has a test of its own)
    config.excludes += sorted(tests_not_touching_ilp32()) + ["difftest"]
    if not qemu:
        config.unsupported = True
        lit_config.note("refuse-32bit-exec: qemu-i386 (Debian: qemu-user) is not installed; "
                        "the ILP32 tests are not run again under it")
