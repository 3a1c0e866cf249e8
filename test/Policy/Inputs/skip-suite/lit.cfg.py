# A scratch lit suite for test/Policy/skipped-tests.test: one test that runs,
# and tests skipped for the shared inputs, the reference, or another feature.
import lit.formats

config.name = "scratch"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
