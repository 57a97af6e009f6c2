# clx — build, test and install the OpenCL experiment harness.
# `make` builds ./clx, `make check` runs every test, `make install PREFIX=...` installs (and
# `make uninstall PREFIX=...` removes),
# `make config` prints the configuration, V=1 shows the commands.
# `make check-asan` runs the tests with clx built with AddressSanitizer and UBSan (mk/check-asan.mk
# says how and why), `make check-oclgrind` runs every experiment's kernels under Oclgrind
# (mk/check-oclgrind.mk), `make check-slurm` a sharded sweep through a one-node Slurm
# (mk/check-slurm.mk), `make check-implementations` every experiment's quick run on each OpenCL
# implementation installed (mk/check-implementations.mk); all are defined in the files included
# at the end.

# Side by side on every processor unless -j says otherwise: `make check` builds some 300 unit-test
# programs, a minute one at a time on 2 cores (CI's `make check` gives no -j).
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell getconf _NPROCESSORS_ONLN 2> /dev/null || echo 1)
endif

PREFIX  ?= /usr/local
CC      ?= cc
CFLAGS  ?= -O2 -g
# What the build needs, apart from the user's CFLAGS (so `make CFLAGS=-O0` still builds): C11,
# warnings, OpenCL 1.2 API (every vendor has it), header dependencies for incremental builds.
# build/config.h (the install prefix) is included only by the file that uses it, so a new PREFIX
# rebuilds that alone; the version is not in it but in an object of its own (build/version_str.o,
# below), so that a new commit recompiles one file and relinks clx, not every unit test.
CLX_CFLAGS := -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
              -DCL_TARGET_OPENCL_VERSION=120 -DCL_USE_DEPRECATED_OPENCL_1_2_APIS -Ibuild -Ibuild/gen -Iinclude -MMD -MP
CLX_LDLIBS := -lOpenCL -lconfig -lmuparser -lcjson -lm -lpthread -ldl
# A user's host reference is a shared object clx loads: it calls the clx/ref.h functions in clx
# itself, so clx exports those (and only those: a user's own global names must not bind to clx's).
CLX_LDFLAGS := -Wl,--dynamic-list=src/ref_exports.list
# The release number is kept here and nowhere else; the commit comes from git, with -dirty when
# tracked files have changes, and is "unknown" outside git: clx --version says "clx 0.2.0 (58fdf5d)".
RELEASE := 0.2.0
COMMIT  := $(shell git rev-parse --short=7 HEAD 2>/dev/null || echo unknown)
DIRTY   := $(if $(filter unknown,$(COMMIT)),,$(shell test -z "$$(git status --porcelain -uno 2>/dev/null)" || echo -dirty))
VERSION := $(RELEASE) ($(COMMIT)$(DIRTY))

Q ?= @
ifeq ($(V),1)
Q :=
endif

# src/ holds one folder per concern (docs/architecture.md): every .c in them is part of clx.
SRC      := $(wildcard src/*/*.c)
# The shipped host references: each templates/NAME.ref.c is compiled in, and build/ref_registry.c,
# generated from their CLX_REF lines, lists them; adding a file is all it takes.
REFSRC   := $(wildcard templates/*.ref.c)
REFOBJ   := $(REFSRC:templates/%.ref.c=build/ref/%.o) build/ref_registry.o
OBJ      := $(SRC:src/%.c=build/%.o) $(REFOBJ)
LIBOBJ   := $(filter-out build/cli/main.o,$(OBJ))
# The version (lib/version.h's clx_version) is the one thing a commit changes: build/version_str.c
# holds it, and only clx links it. The unit tests link build/version_unit.o instead, the release and
# "unit test" in place of the commit, which changes with the release alone: a commit relinks no test
# (none reads the commit; tests/e2e/version.sh checks clx's).
VERSION_OBJ      := build/version_str.o
UNIT_VERSION_OBJ := build/version_unit.o
TESTSRC  := $(wildcard tests/unit/test_*.c)
TESTBIN  := $(TESTSRC:tests/unit/%.c=build/tests/%)
# clx's own kernels: each src/FOLDER/kernels/NAME.cl becomes the header FOLDER/kernels/NAME.cl.h in
# build/gen/ (mk/cl-embed.sh), its text as the C string clsrc_NAME, which the file that builds it
# includes; build/gen/clsrc_all.h lists them all for tests/unit/test_kernels.c. Adding a file is all
# it takes to have it built by make check.
CLSRC    := $(wildcard src/*/kernels/*.cl)
CLHDR    := $(CLSRC:src/%=build/gen/%.h)

all: clx

clx: $(OBJ) $(VERSION_OBJ) src/ref_exports.list
	@echo "  LD      $@"
	$(Q)$(CC) $(CLX_CFLAGS) $(CFLAGS) $(CLX_LDFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(VERSION_OBJ) $(CLX_LDLIBS) $(LDLIBS)

# Five files are made from more than other files' dates: build/config.h from the install prefix
# (compiled in: objects rebuild only when it changes), build/version_str.c from the version (git's
# commit) and build/version_unit.c from the release, build/ref_registry.c from the list of
# references, build/gen/clsrc_all.h from the list of kernel files. Each is written while make reads
# this Makefile and replaced only where its text changes (gen_file). Rules that did the same with a
# FORCE prerequisite left `make -q` and `make -n` unable to tell: they took those files, and every
# object and unit test behind them, as always out of date, so that a second make looked as if it
# rebuilt every test. The rules below make a file only where it is missing (after `make clean` in
# the same call). `make clean` and `make config` write none.
CONFIG_H_CMD     := printf '\#define CLX_DATADIR "%s"\n' "$(PREFIX)/share/clx"
# version_c FILE,TEXT: the C file FILE (its name in its opening comment) whose clx_version() returns TEXT.
version_c         = printf '/* %s — made by the Makefile: the version clx_version() returns. */\n\#include "lib/version.h"\n%s\n' \
                      "$(1)" 'const char *clx_version(void) { return "$(2)"; }'
VERSION_C_CMD    := $(call version_c,version_str.c,$(VERSION))
VERSION_UNIT_CMD := $(call version_c,version_unit.c,$(RELEASE) (unit test))
REF_REGISTRY_CMD := mk/ref-registry.sh $(REFSRC)
CLSRC_ALL_CMD    := mk/cl-embed.sh --all $(CLSRC)
# gen_file FILE,COMMAND: COMMAND's output into FILE where it differs from FILE's text (said as GEN);
# make stops where COMMAND fails.
gen_file = $(if $(filter failed,$(shell mkdir -p $(dir $(1)) && { $(2); } > $(1).tmp && \
             { cmp -s $(1).tmp $(1) && rm -f $(1).tmp || { mv $(1).tmp $(1) && echo "  GEN     $(1)" >&2; }; } || \
             { rm -f $(1).tmp; echo failed; })),$(error $(1): $(2) failed))
ifneq ($(filter-out clean clean-asan config uninstall,$(or $(MAKECMDGOALS),all)),)
$(call gen_file,build/config.h,$(CONFIG_H_CMD))
$(call gen_file,build/version_str.c,$(VERSION_C_CMD))
$(call gen_file,build/version_unit.c,$(VERSION_UNIT_CMD))
$(call gen_file,build/ref_registry.c,$(REF_REGISTRY_CMD))
$(call gen_file,build/gen/clsrc_all.h,$(CLSRC_ALL_CMD))
endif
build/config.h:
	$(Q)mkdir -p $(@D) && $(CONFIG_H_CMD) > $@
build/version_str.c:
	$(Q)mkdir -p $(@D) && $(VERSION_C_CMD) > $@
build/version_unit.c:
	$(Q)mkdir -p $(@D) && $(VERSION_UNIT_CMD) > $@
build/ref_registry.c:
	$(Q)mkdir -p $(@D) && $(REF_REGISTRY_CMD) > $@.tmp && mv $@.tmp $@
build/gen/clsrc_all.h:
	$(Q)mkdir -p $(@D) && $(CLSRC_ALL_CMD) > $@.tmp && mv $@.tmp $@

build/%.o: src/%.c | build build/config.h
	@echo "  CC      $<"
	@mkdir -p $(@D)
	$(Q)$(CC) $(CLX_CFLAGS) $(CFLAGS) -Isrc -c -o $@ $<

# Only the public header: a shipped reference is written as a user's would be.
build/ref/%.o: templates/%.ref.c | build/ref
	@echo "  CC      $<"
	$(Q)$(CC) $(CLX_CFLAGS) $(CFLAGS) -c -o $@ $<

# A kernel file's header is remade when the file (or the script) changes, and -MMD makes the C file
# that includes it depend on it; before a first build there is no .d yet, so every compile waits
# for all of them (order-only: none rebuilds for that).
$(CLHDR): build/gen/%.cl.h: src/%.cl mk/cl-embed.sh
	@echo "  GEN     $@"
	@mkdir -p $(@D)
	$(Q)mk/cl-embed.sh $< > $@.tmp || { rm -f $@.tmp; exit 1; }
	$(Q)mv $@.tmp $@

$(SRC:src/%.c=build/%.o): | $(CLHDR)
$(TESTBIN): | $(CLHDR) build/gen/clsrc_all.h

build/ref_registry.o build/version_str.o build/version_unit.o: build/%.o: build/%.c
	@echo "  CC      $<"
	$(Q)$(CC) $(CLX_CFLAGS) $(CFLAGS) -Isrc -c -o $@ $<

# The unit tests link clx's objects from an archive: the linker takes only the objects a test needs
# (linking all 400 with their debug information was two thirds of a test's build: 0.56 s, 0.20 s now).
build/libclx.a: $(LIBOBJ)
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(AR) rcs $@ $(LIBOBJ)

build/tests/%: tests/unit/%.c build/libclx.a $(UNIT_VERSION_OBJ) | build/tests
	@echo "  CC      $<"
	$(Q)$(CC) $(CLX_CFLAGS) $(CFLAGS) $(CLX_LDFLAGS) -Isrc -Itests/unit -o $@ $< build/libclx.a $(UNIT_VERSION_OBJ) $(CLX_LDLIBS) $(LDLIBS)

build build/tests build/ref:
	$(Q)mkdir -p $@

# Runs the unit tests and the end-to-end tests on PoCL's device (tests/run.sh); ends with
# "N passed, N failed" and fails when any test failed.
check: clx $(TESTBIN)
	$(Q)tests/run.sh $(TESTBIN)

# make check-device DEVICE=P:D: the end-to-end tests that hold on any device (every experiment's
# quick mode verified and reported; compare, resume, shards, rows' format, guard zones) on that one,
# with every OpenCL implementation the loader finds. `make check` pins PoCL's device instead.
DEVICE_TESTS := exp_core exp_sgemm exp_expint exp_histogram exp_inline exp_maths exp_memcopy_ilp exp_occupancy_dynamic \
                exp_occupancy_static exp_peaks exp_shortcutting exp_taylor core_relative core_failures ahead_stderr \
                resume shard results_format guard verdicts
check-device: clx
	$(Q)if [ -z "$(DEVICE)" ]; then echo "make check-device needs DEVICE=P:D (./clx devices lists them)"; exit 2; fi
	$(Q)CHECK_DEVICE="$(DEVICE)" ONLY_TESTS="$(DEVICE_TESTS)" tests/run.sh

# Expands every variant of every experiment into cl/gen/ for reading (no device needed): each
# experiment's quick space, since a tuning space (sgemm: 62,128 variants) is no reading; `clx expand
# EXPERIMENT` writes a whole one.
expand: clx
	$(Q)for s in templates/*.spec; do ./clx expand $$(basename $$s .spec) --quick --out cl/gen || exit 1; done

# uninstall: removes what install put there (and the folders, when that leaves them empty).
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/clx $(DESTDIR)$(PREFIX)/share/man/man1/clx.1 $(DESTDIR)$(PREFIX)/include/clx/ref.h
	rm -rf $(DESTDIR)$(PREFIX)/share/clx
	rmdir $(DESTDIR)$(PREFIX)/include/clx 2>/dev/null || true

install: clx
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/clx/templates \
	           $(DESTDIR)$(PREFIX)/share/clx/m4 $(DESTDIR)$(PREFIX)/share/clx/cl \
	           $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/include/clx
	install -m 755 clx $(DESTDIR)$(PREFIX)/bin/clx
	install -m 644 docs/clx.1 $(DESTDIR)$(PREFIX)/share/man/man1/clx.1
	install -m 644 include/clx/ref.h $(DESTDIR)$(PREFIX)/include/clx/ref.h
	install -m 644 templates/* $(DESTDIR)$(PREFIX)/share/clx/templates/
	install -m 644 m4/*.m4 $(DESTDIR)$(PREFIX)/share/clx/m4/
	for f in cl/*.h; do [ -e "$$f" ] && install -m 644 "$$f" $(DESTDIR)$(PREFIX)/share/clx/cl/ || true; done

config:
	@echo "CC      = $(CC)"
	@echo "CFLAGS  = $(CLX_CFLAGS) $(CFLAGS)"
	@echo "LDFLAGS = $(CLX_LDFLAGS) $(LDFLAGS)"
	@echo "LDLIBS  = $(CLX_LDLIBS) $(LDLIBS)"
	@echo "PREFIX  = $(PREFIX)"
	@echo "VERSION = $(VERSION)"

clean:
	rm -rf build clx tests/tmp

.PHONY: all check check-device expand install uninstall config clean
-include $(OBJ:.o=.d) $(VERSION_OBJ:.o=.d) $(UNIT_VERSION_OBJ:.o=.d) $(TESTBIN:=.d)
include mk/check-asan.mk mk/check-oclgrind.mk mk/check-slurm.mk mk/check-implementations.mk
