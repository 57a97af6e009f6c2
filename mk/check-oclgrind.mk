# check-oclgrind.mk — `make check-oclgrind`: every experiment's quick run under Oclgrind (included by Makefile).
# Not part of `make check`: it needs the oclgrind package (tools/install-deps.sh oclgrind) and
# takes minutes. tests/oclgrind.sh builds clx's own kernels with Oclgrind's compiler
# (build/tests/test_kernels), then runs each experiment's kernels on Oclgrind's simulated device
# with its out-of-bounds, data-race and uninitialised-value checks, prints "PASS name"/"FAIL name"
# per experiment and "N passed, N failed"; docs/checking.md says what it found and what it cannot see.
check-oclgrind: clx build/tests/test_kernels
	$(Q)tests/oclgrind.sh

.PHONY: check-oclgrind
