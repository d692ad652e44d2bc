# lit configuration for PDPV. RUN lines are the commands a user types, with
# Debian's LLVM 19 tools (clang-19, opt-19, FileCheck-19, not-19); only the
# plugin's path is a substitution: %libpdpv -> build/lib/libpdpv.so.
import os
import lit.formats

config.name = "PDPV"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c"]
config.excludes = ["Inputs", "unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pdpv_obj_root, "test")

config.substitutions.append(("%libpdpv", os.path.join(config.pdpv_obj_root, "lib", "libpdpv.so")))
config.environment["PATH"] = os.pathsep.join(["/usr/bin", config.environment.get("PATH", "")])
