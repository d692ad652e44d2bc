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
