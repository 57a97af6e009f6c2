# clx — build, test and install the OpenCL experiment harness.
# `make` builds ./clx, `make check` runs every test, `make install PREFIX=...` installs (and
# `make uninstall PREFIX=...` removes),
# `make config` prints the configuration, V=1 shows the commands.
# `make check-asan` runs the tests with clx built with AddressSanitizer and UBSan (mk/check-asan.mk
# says how and why), `make check-oclgrind` runs every experiment's kernels under Oclgrind
# (mk/check-oclgrind.mk); both are defined in the files included at the end.

PREFIX  ?= /usr/local
CC      ?= cc
CFLAGS  ?= -O2 -g
# What the build needs, apart from the user's CFLAGS (so `make CFLAGS=-O0` still builds): C11,
# warnings, OpenCL 1.2 API (every vendor has it), header dependencies for incremental builds.
# build/config.h (version, install prefix) is included only by the files that use it, so a new
# commit or PREFIX rebuilds those alone.
CLX_CFLAGS := -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
              -DCL_TARGET_OPENCL_VERSION=120 -DCL_USE_DEPRECATED_OPENCL_1_2_APIS -Ibuild -MMD -MP
CLX_LDLIBS := -lOpenCL -lconfig -lmuparser -lcjson -lm -lpthread
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)

Q ?= @
ifeq ($(V),1)
Q :=
endif

SRC      := $(wildcard src/*.c)
OBJ      := $(SRC:src/%.c=build/%.o)
LIBOBJ   := $(filter-out build/main.o,$(OBJ))
TESTSRC  := $(wildcard tests/unit/test_*.c)
TESTBIN  := $(TESTSRC:tests/unit/%.c=build/tests/%)

all: clx

clx: $(OBJ)
	@echo "  LD      $@"
	$(Q)$(CC) $(CLX_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(CLX_LDLIBS) $(LDLIBS)

# The install prefix and version are compiled in: build/config.h changes (and objects rebuild)
# only when they do; written to a temporary file and moved into place.
build/config.h: FORCE | build
	$(Q)printf '#define CLX_DATADIR "%s"\n#define CLX_VERSION "%s"\n' "$(PREFIX)/share/clx" "$(VERSION)" > $@.tmp
	$(Q)if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

build/%.o: src/%.c | build build/config.h
	@echo "  CC      $<"
	$(Q)$(CC) $(CLX_CFLAGS) $(CFLAGS) -Isrc -c -o $@ $<

build/tests/%: tests/unit/%.c $(LIBOBJ) | build/tests
	@echo "  CC      $<"
	$(Q)$(CC) $(CLX_CFLAGS) $(CFLAGS) -Isrc -Itests/unit -o $@ $< $(LIBOBJ) $(CLX_LDLIBS) $(LDLIBS)

build build/tests:
	$(Q)mkdir -p $@

# Runs the unit tests and the end-to-end tests on the first OpenCL device; ends with
# "N passed, N failed" and fails when any test failed.
check: clx $(TESTBIN)
	$(Q)tests/run.sh $(TESTBIN)

# Expands every variant of every experiment into cl/gen/ for reading (no device needed).
expand: clx
	$(Q)for s in templates/*.spec; do ./clx expand $$(basename $$s .spec) --out cl/gen || exit 1; done

# uninstall: removes what install put there (and the folders, when that leaves them empty).
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/clx
	rm -rf $(DESTDIR)$(PREFIX)/share/clx

install: clx
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/clx/templates \
	           $(DESTDIR)$(PREFIX)/share/clx/m4 $(DESTDIR)$(PREFIX)/share/clx/cl
	install -m 755 clx $(DESTDIR)$(PREFIX)/bin/clx
	install -m 644 templates/* $(DESTDIR)$(PREFIX)/share/clx/templates/
	install -m 644 m4/*.m4 $(DESTDIR)$(PREFIX)/share/clx/m4/
	for f in cl/*.h; do [ -e "$$f" ] && install -m 644 "$$f" $(DESTDIR)$(PREFIX)/share/clx/cl/ || true; done

config:
	@echo "CC      = $(CC)"
	@echo "CFLAGS  = $(CLX_CFLAGS) $(CFLAGS)"
	@echo "LDLIBS  = $(CLX_LDLIBS) $(LDLIBS)"
	@echo "PREFIX  = $(PREFIX)"
	@echo "VERSION = $(VERSION)"

clean:
	rm -rf build clx tests/tmp

FORCE:
.PHONY: all check expand install uninstall config clean FORCE
-include $(OBJ:.o=.d) $(TESTBIN:=.d)
include mk/check-asan.mk mk/check-oclgrind.mk
