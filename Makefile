# clx — build, test and install the OpenCL experiment harness.
# `make` builds ./clx, `make check` runs every test, `make install PREFIX=...` installs,
# `make config` prints the configuration, V=1 shows the commands.

PREFIX  ?= /usr/local
CC      ?= cc
CFLAGS  ?= -O2 -g
# What the build needs, on top of the user's CFLAGS: C11, warnings, OpenCL 1.2 API (every
# vendor has it), header dependencies for incremental builds.
CFLAGS  += -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
           -DCL_TARGET_OPENCL_VERSION=120 -DCL_USE_DEPRECATED_OPENCL_1_2_APIS \
           -include build/config.h -MMD -MP
LDLIBS  += -lOpenCL -lconfig -lmuparser -lcjson -lm -lpthread
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
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The install prefix and version are compiled in: build/config.h changes (and objects rebuild)
# only when they do; written to a temporary file and moved into place.
build/config.h: FORCE | build
	$(Q)printf '#define CLX_DATADIR "%s"\n#define CLX_VERSION "%s"\n' "$(PREFIX)/share/clx" "$(VERSION)" > $@.tmp
	$(Q)if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

build/%.o: src/%.c build/config.h | build
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) -Isrc -c -o $@ $<

build/tests/%: tests/unit/%.c $(LIBOBJ) | build/tests
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) -Isrc -Itests/unit -o $@ $< $(LIBOBJ) $(LDLIBS)

build build/tests:
	$(Q)mkdir -p $@

# Runs the unit tests and the end-to-end tests on the first OpenCL device; ends with
# "N passed, N failed" and fails when any test failed.
check: clx $(TESTBIN)
	$(Q)tests/run.sh $(TESTBIN)

# Expands every variant of every experiment into cl/gen/ for reading (no device needed).
expand: clx
	$(Q)for s in templates/*.spec; do ./clx expand $$(basename $$s .spec) --out cl/gen || exit 1; done

install: clx
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/clx/templates \
	           $(DESTDIR)$(PREFIX)/share/clx/m4 $(DESTDIR)$(PREFIX)/share/clx/cl
	install -m 755 clx $(DESTDIR)$(PREFIX)/bin/clx
	install -m 644 templates/* $(DESTDIR)$(PREFIX)/share/clx/templates/
	install -m 644 m4/*.m4 $(DESTDIR)$(PREFIX)/share/clx/m4/
	for f in cl/*.h; do [ -e "$$f" ] && install -m 644 "$$f" $(DESTDIR)$(PREFIX)/share/clx/cl/ || true; done

config:
	@echo "CC      = $(CC)"
	@echo "CFLAGS  = $(CFLAGS)"
	@echo "LDLIBS  = $(LDLIBS)"
	@echo "PREFIX  = $(PREFIX)"
	@echo "VERSION = $(VERSION)"

clean:
	rm -rf build clx tests/tmp

FORCE:
.PHONY: all check expand install config clean FORCE
-include $(OBJ:.o=.d) $(TESTBIN:=.d)
