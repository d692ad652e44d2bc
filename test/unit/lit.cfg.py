# The GoogleTest unit tests run in the same lit invocation as the lit suites.
import os
import lit.formats

config.name = "PDPV-Unit"
config.test_format = lit.formats.GoogleTest(".", "unittests")
config.test_source_root = os.path.join(config.pdpv_obj_root, "unittests")
config.test_exec_root = config.test_source_root
