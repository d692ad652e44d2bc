# lit configuration for PDPV. RUN lines use the tools a user types:
#   opt-19 -load-pass-plugin=build/lib/libpdpv.so ...   (%opt / %pdpv_plugin)
#   clang-19 -fpass-plugin=build/lib/libpdpv.so ...      (%clang)
import os
import lit.formats

config.name = "PDPV"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pdpv_obj_root, "test")

tools = config.llvm_tools_dir
plugin = os.path.join(config.pdpv_obj_root, "lib", "libpdpv.so")
config.substitutions.append(("%pdpv_plugin", plugin))
config.substitutions.append(("%opt", os.path.join(tools, "opt") + " -load-pass-plugin=" + plugin))
config.substitutions.append(("%clang", os.path.join(tools, "clang")))
config.substitutions.append(("%FileCheck", os.path.join(tools, "FileCheck")))
config.substitutions.append(("%not", os.path.join(tools, "not")))
config.environment["PATH"] = os.pathsep.join([tools, config.environment.get("PATH", "")])
