# check-implementations.mk — `make check-implementations`: every experiment's quick run on each
# OpenCL implementation installed (included by Makefile). tests/implementations.sh gives each
# .icd the loader knows a vendors folder of its own and requires every row ok, none IMPOSSIBLE;
# REQUIRE="pocl intel rusticl" fails when one named is missing (what CI installs:
# tools/install-deps.sh intel rusticl). Not part of `make check`: it takes minutes per
# implementation. Each implementation also builds clx's own kernels (build/tests/test_kernels).
check-implementations: clx build/tests/test_kernels
	$(Q)REQUIRE="$(REQUIRE)" tests/implementations.sh

.PHONY: check-implementations
