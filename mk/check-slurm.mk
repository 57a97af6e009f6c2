# check-slurm.mk — `make check-slurm`: a sharded sweep through a real one-node Slurm (included by Makefile).
# Not part of `make check`: it needs the slurm-wlm and munge packages (tools/install-deps.sh slurm)
# and root, and starts daemons of its own on localhost for the length of the test. tests/slurm.sh
# submits a 3-shard vecsum --quick with tools/slurm-sweep.sh, waits for the array and merge jobs,
# checks the merged run against an unsharded one, then runs part 2 again alone (sbatch --array=2)
# and merges again, and has a bad clx option, one the sweep sets itself (--shard) and a partition
# Slurm has not refused with nothing
# queued (clx run --dry-run, sbatch --test-only); where Slurm cannot start it says "skipped slurm_sweep: why" and passes. The
# shard and merge logic itself is in make check (tests/unit/test_shard.c, tests/e2e/shard.sh), and
# so are tools/slurm-sweep.sh's scripts, with a fake sbatch (tests/e2e/slurm_sweep.sh).
check-slurm: clx
	$(Q)tests/slurm.sh

.PHONY: check-slurm
