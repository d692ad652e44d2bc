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
# pdpv-mc is called by name, from the build tree.
config.environment["PATH"] = os.pathsep.join(
    [os.path.join(config.pdpv_obj_root, "bin"), "/usr/bin", config.environment.get("PATH", "")])
