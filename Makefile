# Makefile: builds bootchart-render and bootchartd; `make check` runs every test.
#
#   make             build renderer/bootchart-render and logger/bootchartd in place
#   make check       install test dependencies, build twice (plain and
#                    ASan+UBSan), run all tests, print "N passed, N failed"
#   make bench       run the benchmarks (ratios measured in the same run)
#   make check-distro  boot a Debian 12 image through bootchartd (tests/distro/)
#   make demo        render the bundled sample to bootchart.png and bootchart.svg
#   make install     honours DESTDIR and PREFIX
#
# Objects go to $(BUILD); SAN=1 selects build/asan with sanitizers.

PREFIX ?= /usr
DESTDIR ?=
SBINDIR ?= /sbin
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/bootchart
SYSCONFDIR ?= /etc

VERSION := $(shell cat VERSION 2>/dev/null || echo 0.1)
CC ?= cc
SAN ?= 0
PKG_CONFIG ?= pkg-config

ifeq ($(SAN),1)
BUILD ?= build/asan
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	   -fno-sanitize-recover=all
OPT = -O1
else
BUILD ?= build/default
SANFLAGS =
OPT = -O2
endif

RENDER_PKGS = libarchive cairo fontconfig zlib
TEST_PKGS = libpng librsvg-2.0 cmocka

WARN = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
       -Wno-unused-parameter
BASE_CFLAGS = -std=c11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 \
	      -DBC_VERSION='"$(VERSION)"' $(OPT) -g $(WARN) $(SANFLAGS) \
	      -Isrc -Irenderer -Irenderer/parse -Ilogger
RENDER_CFLAGS = $(BASE_CFLAGS) $(shell $(PKG_CONFIG) --cflags $(RENDER_PKGS))
RENDER_LIBS = $(shell $(PKG_CONFIG) --libs $(RENDER_PKGS)) -lm
TEST_CFLAGS = $(RENDER_CFLAGS) $(shell $(PKG_CONFIG) --cflags $(TEST_PKGS) 2>/dev/null)
TEST_LIBS = $(RENDER_LIBS) $(shell $(PKG_CONFIG) --libs $(TEST_PKGS) 2>/dev/null)
LDFLAGS_ALL = $(SANFLAGS) $(LDFLAGS)

# The logger is static (no run-time dependency on anything) except under
# sanitizers, whose runtimes need dynamic linking.
ifeq ($(SAN),1)
LOGGER_LDFLAGS = $(LDFLAGS_ALL)
else
LOGGER_LDFLAGS = -static $(LDFLAGS)
endif

SRC_C := $(sort $(wildcard src/*.c))
RENDER_C := $(sort $(filter-out renderer/main.c,$(wildcard renderer/*.c renderer/parse/*.c)))
LOGGER_C := $(sort $(filter-out logger/main.c,$(wildcard logger/*.c)))
UNIT_C := $(sort $(wildcard tests/unit/test_*.c))
TOOL_C := $(sort $(wildcard tests/tools/*.c))
TESTLIB_C := $(sort $(wildcard tests/unit/lib/*.c))

SRC_O := $(SRC_C:%.c=$(BUILD)/%.o)
RENDER_O := $(RENDER_C:%.c=$(BUILD)/%.o)
LOGGER_O := $(LOGGER_C:%.c=$(BUILD)/%.o)
UNIT_BIN := $(UNIT_C:tests/unit/%.c=$(BUILD)/tests/%)
TOOL_BIN := $(TOOL_C:tests/tools/%.c=$(BUILD)/tests/tools/%)
TESTLIB_O := $(TESTLIB_C:%.c=$(BUILD)/%.o)

LIBBC := $(BUILD)/libbc.a
LIBRENDER := $(BUILD)/librender.a
LIBLOGGER := $(BUILD)/liblogger.a
LIBTEST := $(BUILD)/libtest.a
RENDER_BIN := $(BUILD)/bootchart-render
LOGGER_BIN := $(BUILD)/bootchartd

.PHONY: all build tests check check-distro deps bench demo demo-boot install uninstall clean fuzz
.DELETE_ON_ERROR:
.SECONDARY:

ifeq ($(SAN),1)
all: build
else
all: build renderer/bootchart-render logger/bootchartd
endif

build: $(RENDER_BIN) $(LOGGER_BIN)

renderer/bootchart-render: $(RENDER_BIN)
	cp $< $@
logger/bootchartd: $(LOGGER_BIN)
	cp $< $@

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(RENDER_CFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

# Unit tests and tools also see the test-only libraries' headers and the
# unit tests' helpers (tests/unit/lib, compiled once into libtest.a).
$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -Itests -Itests/unit/lib $(CFLAGS) -MMD -MP -c $< -o $@

$(LIBBC): $(SRC_O)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^
$(LIBRENDER): $(RENDER_O)
	rm -f $@ && ar rcs $@ $^
$(LIBLOGGER): $(LOGGER_O) $(SRC_O)
	rm -f $@ && ar rcs $@ $(LOGGER_O)
$(LIBTEST): $(TESTLIB_O)
	rm -f $@ && ar rcs $@ $^

$(RENDER_BIN): $(BUILD)/renderer/main.o $(LIBRENDER) $(LIBBC)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(RENDER_LIBS)

$(LOGGER_BIN): $(BUILD)/logger/main.o $(LIBLOGGER) $(LIBBC)
	$(CC) $(LOGGER_LDFLAGS) -o $@ $^ -lz

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(LIBTEST) $(LIBRENDER) $(LIBLOGGER) $(LIBBC)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(TEST_LIBS)

$(BUILD)/tests/tools/%: $(BUILD)/tests/tools/%.o $(LIBRENDER) $(LIBLOGGER) $(LIBBC)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(TEST_LIBS)

tests: build $(UNIT_BIN) $(TOOL_BIN)

deps:
	./scripts/deps.sh all

# Both builds, then one run over both with a single summary line.
check: deps
	$(MAKE) all tests
	$(MAKE) SAN=1 tests
	tests/run.sh build/default build/asan

# A real Debian 12 boot in qemu (docs/boot-test.md); the image is cached
# under /var/cache/bootchart/distro, the results go to build/distro.
check-distro: deps
	$(MAKE) all
	tests/distro/run.sh build/default

bench: deps
	$(MAKE) all tests
	tests/bench/run.sh build/default

demo:
	./scripts/deps.sh build
	$(MAKE) all $(BUILD)/tests/tools/gen_bootlog
	BC_BUILD=$(BUILD) tests/demo.sh

demo-boot: deps
	$(MAKE) all tests
	tests/boot/demo-boot.sh build/default

fuzz:
	tests/fuzz/run.sh $(FUZZ_SECONDS)

# The boot entry is install.sh's job (see INSTALL); uninstall removes one
# if install.sh had added it.
INSTALL_ENV = DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' BINDIR='$(BINDIR)' \
	SBINDIR='$(SBINDIR)' MANDIR='$(MANDIR)' DOCDIR='$(DOCDIR)' \
	SYSCONFDIR='$(SYSCONFDIR)'

install: all
	$(INSTALL_ENV) ./scripts/install.sh --no-bootloader --files-only

uninstall:
	$(INSTALL_ENV) ./scripts/uninstall.sh

clean:
	rm -rf build renderer/bootchart-render logger/bootchartd

-include $(wildcard $(BUILD)/*/*.d $(BUILD)/*/*/*.d $(BUILD)/*/*/*/*.d)
