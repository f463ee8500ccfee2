# Makefile: builds bootchart-render and bootchartd; `make check` runs every test.
#
#   make             build renderer/bootchart-render and logger/bootchartd in place
#   make check       install test dependencies, build twice (plain and
#                    ASan+UBSan), run all tests, print "N passed, N failed"
#   make check-fast  the plain build and every test but the qemu boots and
#                    the fuzz smoke run (the developer's loop)
#   make test T=NAME one test, e.g. T=bootlog (tests/unit/test_bootlog.c) or
#                    T=cli_options (tests/sh/cli_options.sh); SAN=1 for build/asan
#   make bench       run the benchmarks (ratios measured in the same run)
#   make check-distro  boot a Debian 12 image through bootchartd (tests/distro/)
#   make check-series  boot it in three series of 5 boots (bootchartd series)
#                    and compare the sets (tests/distro/series.sh)
#   make check-pkg   build the Debian and RPM packages and check them
#   make demo        render the bundled sample to bootchart.png and bootchart.svg
#   make ARCH=aarch64  the static logger for a board (aarch64, armhf,
#                    riscv64) in build/ARCH; scripts/cross-deps.sh
#                    installs the cross compilers (docs/boards.md)
#   make install     honours DESTDIR and PREFIX; installs stripped
#                    binaries unless DEBUG=1; with DESTDIR (a staging
#                    tree) no install.sh manifest is written
#
# Objects go to $(BUILD); SAN=1 selects build/asan with sanitizers.
# CPPFLAGS, CFLAGS (default -O2 -g, -O1 -g with SAN=1) and LDFLAGS are
# added to every compile and link; WERROR=1 adds -Werror (make check does);
# V=1 prints the full commands.
#
# The logger is linked statically against musl (musl-gcc, Debian's
# musl-tools) and libdeflate's static library when both work, else against
# glibc; LOGGER_LIBC=glibc forces the latter.  make names the one built.

PREFIX ?= /usr
DESTDIR ?=
SBINDIR ?= /sbin
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/bootchart
SYSCONFDIR ?= /etc

VERSION := $(shell cat VERSION 2>/dev/null || echo 0.1)
CC ?= cc
AR ?= ar
SAN ?= 0
WERROR ?= 0
V ?= 0
PKG_CONFIG ?= pkg-config

# Cross builds for boards (docs/boards.md): ARCH=aarch64 (or arm64), armhf
# or riscv64 on make's command line builds the static logger alone into
# build/ARCH with Debian's cross compiler, against musl and libdeflate
# from Debian's multiarch packages or, where Debian 12 has none
# (riscv64), those scripts/cross-deps.sh built into CROSS_DIR; EMU runs
# what is built (the musl probe).  Only from the command line: a kernel
# build's ARCH in the environment does not make this a cross build.
ifeq ($(origin ARCH),command line)
# Each: the GNU triplet, musl's compiler wrapper, qemu's name, ours.
CROSS_aarch64 = aarch64-linux-gnu aarch64-linux-musl-gcc aarch64 aarch64
CROSS_arm64 = $(CROSS_aarch64)
CROSS_armhf = arm-linux-gnueabihf arm-linux-musleabihf-gcc arm armhf
CROSS_riscv64 = riscv64-linux-gnu riscv64-linux-musl-gcc riscv64 riscv64
CROSS := $(CROSS_$(ARCH))
ifeq ($(CROSS),)
$(error ARCH=$(ARCH): make builds the logger for aarch64 (arm64), armhf or riscv64)
endif
BUILD ?= build/$(word 4,$(CROSS))
CC = $(word 1,$(CROSS))-gcc
AR = $(word 1,$(CROSS))-ar
STRIP = $(word 1,$(CROSS))-strip
CROSS_DIR ?= /var/cache/bootchart/cross/$(word 4,$(CROSS))
MUSL_CC ?= $(firstword $(wildcard $(CROSS_DIR)/bin/musl-gcc) $(word 2,$(CROSS)))
LIBDEFLATE_A ?= $(wildcard $(CROSS_DIR)/lib/libdeflate.a)
EMU ?= qemu-$(word 3,$(CROSS))-static
# The renderer too where a sysroot of the architecture's libraries is
# there (scripts/cross-deps.sh makes aarch64's: Debian's arm64 -dev
# packages unpacked by mmdebstrap, as multiarch cannot install
# Graphviz's beside this machine's).
SYSROOT ?= $(wildcard $(CROSS_DIR)/sysroot)
ifneq ($(SYSROOT),)
CC = $(word 1,$(CROSS))-gcc --sysroot=$(SYSROOT)
PKG_CONFIG = env PKG_CONFIG_SYSROOT_DIR=$(SYSROOT) \
	PKG_CONFIG_LIBDIR=$(SYSROOT)/usr/lib/$(word 1,$(CROSS))/pkgconfig:$(SYSROOT)/usr/share/pkgconfig \
	pkg-config
endif
else
CROSS :=
endif

# CPPFLAGS, CFLAGS and LDFLAGS are the user's (a distribution's hardening
# flags, say): they reach every compile and link line, after the
# project's own flags.  CFLAGS only defaults to the optimisation level.
ifeq ($(SAN),1)
BUILD ?= build/asan
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	   -fno-sanitize-recover=all
CFLAGS ?= -O1 -g
else
BUILD ?= build/default
SANFLAGS =
CFLAGS ?= -O2 -g
endif

RENDER_PKGS = libarchive cairo fontconfig zlib libzstd libgvc
TEST_PKGS = libpng librsvg-2.0 cmocka

# -Werror only for the project's own checks (make check passes WERROR=1).
WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
       -Wno-unused-parameter
ifeq ($(WERROR),1)
WARN += -Werror
endif

# What every object needs, whoever builds it.  src/ is shared by both
# programs and needs nothing else; the static logger adds only
# libdeflate's flags, never the renderer's libraries.
BASE_CPPFLAGS = -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -DBC_VERSION='"$(VERSION)"'
BASE_CFLAGS = -std=c11 $(WARN) $(SANFLAGS) -MMD -MP
# Each program's stages are folders (docs/source.md); a header is
# included by its bare name from any of them.
RENDER_DIRS := $(patsubst %/,%,$(sort $(dir $(wildcard renderer/*/*.[ch]))))
LOGGER_DIRS := $(patsubst %/,%,$(sort $(dir $(wildcard logger/*/*.[ch]))))
RENDER_INC = $(addprefix -I,$(RENDER_DIRS))
LOGGER_INC = $(addprefix -I,$(LOGGER_DIRS))
SRC_FLAGS = $(BASE_CPPFLAGS) -Isrc $(CPPFLAGS) $(BASE_CFLAGS) $(CFLAGS)
LOGGER_FLAGS = $(BASE_CPPFLAGS) -Isrc $(LOGGER_INC) \
	       $(shell $(PKG_CONFIG) --cflags libdeflate 2>/dev/null) \
	       $(CPPFLAGS) $(BASE_CFLAGS) $(CFLAGS)
# Graphviz's dot layout plugin, loaded by its path alone (no plugin
# configuration read, no pango loaded: docs/dependencies.md).
GV_DOT_LAYOUT = $(patsubst $(SYSROOT)/%,/%,$(shell $(PKG_CONFIG) --variable=libdir libgvc))/graphviz/libgvplugin_dot_layout.so.$(shell $(PKG_CONFIG) --variable=plugins libgvc)
RENDER_FLAGS = $(BASE_CPPFLAGS) -Isrc $(RENDER_INC) \
	       -DGV_DOT_LAYOUT='"$(GV_DOT_LAYOUT)"' \
	       $(shell $(PKG_CONFIG) --cflags $(RENDER_PKGS)) \
	       $(CPPFLAGS) $(BASE_CFLAGS) $(CFLAGS)
# Unit tests and tools reach into every part and the test-only libraries.
TEST_FLAGS = $(BASE_CPPFLAGS) -Isrc $(RENDER_INC) $(LOGGER_INC) \
	     -Itests -Itests/unit/lib $(shell $(PKG_CONFIG) --cflags $(RENDER_PKGS)) \
	     $(shell $(PKG_CONFIG) --cflags $(TEST_PKGS) 2>/dev/null) \
	     $(CPPFLAGS) $(BASE_CFLAGS) $(CFLAGS)
RENDER_LIBS = $(shell $(PKG_CONFIG) --libs $(RENDER_PKGS)) -lm -pthread
LOGGER_LIBS = $(or $(shell $(PKG_CONFIG) --libs libdeflate 2>/dev/null),-ldeflate)
TEST_LIBS = $(RENDER_LIBS) $(LOGGER_LIBS) $(shell $(PKG_CONFIG) --libs $(TEST_PKGS) 2>/dev/null)
LINK = $(CC) $(SANFLAGS) $(CFLAGS) $(LDFLAGS)

# The logger is static (no run-time dependency on anything) except under
# sanitizers, whose runtimes need dynamic linking.
ifeq ($(SAN),1)
LOGGER_LINK = $(LINK)
else
LOGGER_LINK = $(CC) $(CFLAGS) -static $(LDFLAGS)
endif

# The tiny logger: the same sources built by musl-gcc into $(BUILD)/musl
# and linked with libdeflate's static library.  musl-gcc sees only musl's
# headers, so $(MUSL_INC) links in libdeflate's and the kernel's (searched
# after musl's).  Size over speed: -Os, unused functions and unwind tables
# dropped, code not padded into its own pages, no RELRO segment (only
# musl's dynamic linker applies one: in a static program it protects
# nothing and pads the file, 14 KB on aarch64's 64 KiB pages)
# (docs/packaging.md).  These
# come after the user's CFLAGS, so a distribution's -O2 does not undo
# them; TINY_CFLAGS= turns them off.
MUSL_CC ?= musl-gcc
MUSL_INC = $(BUILD)/musl/include
TINY_CFLAGS ?= -Os -ffunction-sections -fdata-sections \
	       -fno-asynchronous-unwind-tables -fno-unwind-tables
TINY_LDFLAGS ?= -Wl,--gc-sections -Wl,-z,noseparate-code -Wl,-z,norelro -Wl,--build-id
MUSL_FLAGS = $(BASE_CPPFLAGS) -Isrc $(LOGGER_INC) -idirafter $(MUSL_INC) \
	     $(CPPFLAGS) $(BASE_CFLAGS) $(CFLAGS) $(TINY_CFLAGS)
MUSL_LINK = $(MUSL_CC) $(CFLAGS) $(TINY_CFLAGS) -static $(LDFLAGS) $(TINY_LDFLAGS)

# One short line per step; V=1 prints the commands instead, make -s nothing.
ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
say =
else ifeq ($(V),1)
say =
else
say = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif
MAKEFLAGS += --no-print-directory

# Objects are rebuilt when the compiler or the user's flags change: the
# build directory keeps the last ones.  WERROR and V change no output.
FLAGS_STAMP := $(BUILD)/flags
BUILD_FLAGS := $(CC) | $(CPPFLAGS) | $(CFLAGS) | $(LDFLAGS)
ifneq ($(file <$(FLAGS_STAMP)),$(BUILD_FLAGS))
$(shell mkdir -p $(BUILD) && rm -f $(BUILD)/logger-libc)
$(file >$(FLAGS_STAMP),$(BUILD_FLAGS))
endif

# Which C library the logger is built with: musl when musl-gcc links a
# gzip program with libdeflate's static library (scripts/musl-probe.sh, run
# again when the flags, the musl-gcc or libdeflate.a found or the probe
# change: deps.sh may install them after a first make), else glibc.
LIBC_FORCED := $(filter-out undefined,$(origin LOGGER_LIBC))
ifeq ($(SAN),1)
LOGGER_LIBC = glibc
else ifeq ($(LIBC_FORCED),)
LIBC_KEY := musl-gcc=$(shell command -v $(MUSL_CC) 2>/dev/null),$(or $(LIBDEFLATE_A),$(shell $(CC) -print-file-name=libdeflate.a 2>/dev/null)),$(shell cksum <scripts/musl-probe.sh | cut -d" " -f1)
LIBC_CACHE := $(file <$(BUILD)/logger-libc)
ifeq ($(word 1,$(LIBC_CACHE)),$(LIBC_KEY))
LOGGER_LIBC := $(word 2,$(LIBC_CACHE))
else
LOGGER_LIBC := $(shell MUSL_CC='$(MUSL_CC)' CC='$(CC)' LIBDEFLATE_A='$(LIBDEFLATE_A)' EMU='$(EMU)' scripts/musl-probe.sh $(BUILD))
$(file >$(BUILD)/logger-libc,$(LIBC_KEY) $(LOGGER_LIBC))
endif
endif
LIBDEFLATE_A = $(file <$(BUILD)/musl/libdeflate)
LIBC_WHY = $(if $(filter 1,$(SAN)),sanitizers,$(if $(LIBC_FORCED),LOGGER_LIBC=$(LOGGER_LIBC),$(file <$(BUILD)/musl/why)))

SRC_C := $(sort $(wildcard src/*.c))
RENDER_C := $(sort $(wildcard renderer/*/*.c))
LOGGER_C := $(sort $(wildcard logger/*/*.c))
UNIT_C := $(sort $(wildcard tests/unit/test_*.c))
# A tool in several files: NAME.c and its parts NAME_*.c.
GENLOG_C := $(sort $(wildcard tests/tools/gen_bootlog_*.c))
CAPGEN_C := $(sort $(wildcard tests/tools/capgen_*.c))
BENCHLOG_C := $(sort $(wildcard tests/tools/bench_logger_*.c))
FOREIGN_C := $(sort $(wildcard tests/tools/tdat_foreign_*.c))
TOOL_C := $(sort $(filter-out $(GENLOG_C) $(CAPGEN_C) $(BENCHLOG_C) $(FOREIGN_C),$(wildcard tests/tools/*.c)))
TESTLIB_C := $(sort $(wildcard tests/unit/lib/*.c))

SRC_O := $(SRC_C:%.c=$(BUILD)/%.o)
RENDER_O := $(RENDER_C:%.c=$(BUILD)/%.o)
LOGGER_O := $(LOGGER_C:%.c=$(BUILD)/%.o)
UNIT_BIN := $(UNIT_C:tests/unit/%.c=$(BUILD)/tests/%)
TOOL_BIN := $(TOOL_C:tests/tools/%.c=$(BUILD)/tests/tools/%)
TESTLIB_O := $(TESTLIB_C:%.c=$(BUILD)/%.o)

MUSL_O := $(patsubst %.c,$(BUILD)/musl/%.o,logger/main.c $(LOGGER_C) $(SRC_C))

LIBBC := $(BUILD)/libbc.a
LIBRENDER := $(BUILD)/librender.a
LIBLOGGER := $(BUILD)/liblogger.a
LIBTEST := $(BUILD)/libtest.a
RENDER_BIN := $(BUILD)/bootchart-render
LOGGER_BIN := $(BUILD)/bootchartd

.PHONY: all build tests check check-fast check-distro check-series check-pkg test deps bench demo \
	demo-boot install uninstall clean fuzz
.DELETE_ON_ERROR:
.SECONDARY:

ifeq ($(SAN),1)
all: build
else ifneq ($(CROSS),)
all: $(LOGGER_BIN) $(if $(SYSROOT),$(RENDER_BIN))
else
all: build renderer/bootchart-render logger/bootchartd
endif

build: $(RENDER_BIN) $(LOGGER_BIN)

renderer/bootchart-render: $(RENDER_BIN)
	$(call say,CP,$@)cp $< $@
logger/bootchartd: $(LOGGER_BIN)
	$(call say,CP,$@)cp $< $@

$(BUILD)/src/%.o: src/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(SRC_FLAGS) -c $< -o $@
$(BUILD)/logger/%.o: logger/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(LOGGER_FLAGS) -c $< -o $@
$(BUILD)/renderer/%.o: renderer/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(RENDER_FLAGS) -c $< -o $@
# The -f html page's style and script (renderer/html/) as C strings;
# \? keeps "??" in the script from reading as a trigraph.
HTML_ASSETS := renderer/html/page.css renderer/html/page.js
cstring = printf 'static const char $(1)[] =\n'; sed -e 's/\\/\\\\/g' \
	  -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' $(2); \
	  printf ';\n'
$(BUILD)/renderer/html/html_assets.h: $(HTML_ASSETS) Makefile
	@mkdir -p $(dir $@)
	$(call say,GEN,$@){ printf '/* html_assets.h: generated from $(HTML_ASSETS) by the Makefile. */\n'; \
	  $(call cstring,html_css,renderer/html/page.css); \
	  $(call cstring,html_js,renderer/html/page.js); } > $@
$(BUILD)/renderer/html/html.o: $(BUILD)/renderer/html/html_assets.h
$(BUILD)/renderer/html/html.o: RENDER_FLAGS += -I$(BUILD)/renderer/html
# The SVG painter's classes (renderer/paint/svg.css), in both its documents.
$(BUILD)/renderer/paint/svg_assets.h: renderer/paint/svg.css Makefile
	@mkdir -p $(dir $@)
	$(call say,GEN,$@){ printf '/* svg_assets.h: generated from renderer/paint/svg.css by the Makefile. */\n'; \
	  $(call cstring,svg_css,renderer/paint/svg.css); } > $@
$(BUILD)/renderer/paint/svg.o: $(BUILD)/renderer/paint/svg_assets.h
$(BUILD)/renderer/paint/svg.o: RENDER_FLAGS += -I$(BUILD)/renderer/paint
# The unit tests' helpers (tests/unit/lib) are compiled once into libtest.a.
$(BUILD)/tests/%.o: tests/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(TEST_FLAGS) -c $< -o $@

$(LIBBC): $(SRC_O)
	$(call say,AR,$@)rm -f $@ && $(AR) rcs $@ $^
$(LIBRENDER): $(RENDER_O)
	$(call say,AR,$@)rm -f $@ && $(AR) rcs $@ $^
$(LIBLOGGER): $(LOGGER_O) $(SRC_O)
	$(call say,AR,$@)rm -f $@ && $(AR) rcs $@ $(LOGGER_O)
$(LIBTEST): $(TESTLIB_O)
	$(call say,AR,$@)rm -f $@ && $(AR) rcs $@ $^

$(RENDER_BIN): $(BUILD)/renderer/main.o $(LIBRENDER) $(LIBBC)
	$(call say,LD,$@)$(LINK) -o $@ $^ $(RENDER_LIBS)

$(BUILD)/musl/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(MUSL_CC) $(MUSL_FLAGS) -c $< -o $@

$(BUILD)/bootchartd-glibc: $(BUILD)/logger/main.o $(LIBLOGGER) $(LIBBC)
	$(call say,LD,$@)$(LOGGER_LINK) -o $@ $^ $(LOGGER_LIBS)
$(BUILD)/bootchartd-musl: $(MUSL_O)
	$(call say,LD,$@)$(MUSL_LINK) -o $@ $^ $(LIBDEFLATE_A)

# The logger used by the tests and installed: the chosen one.
$(LOGGER_BIN): $(BUILD)/bootchartd-$(LOGGER_LIBC)
	$(call say,CP,$@)cp $< $@
	$(call say,LIBC,$@: $(LOGGER_LIBC)$(if $(filter 1,$(SAN)),, static)$(if $(filter musl,$(LOGGER_LIBC)),, ($(LIBC_WHY))))

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(LIBTEST) $(LIBRENDER) $(LIBLOGGER) $(LIBBC)
	$(call say,LD,$@)$(LINK) -o $@ $^ $(TEST_LIBS)

$(BUILD)/tests/tools/%: $(BUILD)/tests/tools/%.o $(LIBRENDER) $(LIBLOGGER) $(LIBBC)
	$(call say,LD,$@)$(LINK) -o $@ $(filter %.o,$^) $(filter %.a,$^) $(TEST_LIBS)
$(BUILD)/tests/tools/gen_bootlog: $(GENLOG_C:%.c=$(BUILD)/%.o)
$(BUILD)/tests/tools/capgen: $(CAPGEN_C:%.c=$(BUILD)/%.o)
$(BUILD)/tests/tools/bench_logger: $(BENCHLOG_C:%.c=$(BUILD)/%.o)
$(BUILD)/tests/tools/tdat_foreign: $(FOREIGN_C:%.c=$(BUILD)/%.o)
# The unit tests' trace.dat builder (tests/unit/lib/tdat_build.c).
$(BUILD)/tests/tools/gen_tracedat: $(LIBTEST)
$(BUILD)/tests/tools/gen_sched: $(LIBTEST)
$(BUILD)/tests/tools/gen_calls: $(LIBTEST)
$(BUILD)/tests/tools/gen_tdat7: $(LIBTEST)

tests: build $(UNIT_BIN) $(TOOL_BIN)

deps:
	./scripts/deps.sh all

# Both builds, then one run over both with a single summary line.
check: deps
	$(MAKE) WERROR=1 all tests
	$(MAKE) WERROR=1 SAN=1 tests
	tests/run.sh build/default build/asan

# The developer's loop: the plain build, every test but the qemu boots
# and the fuzz smoke run (minutes each), three tests at a time (most of
# them wait on sleeps and child processes, not the CPU).
check-fast:
	./scripts/deps.sh fast
	$(MAKE) WERROR=1 all tests
	tests/run.sh -j 3 --fast $(BUILD)

# make test T=NAME: one unit test (tests/unit/test_NAME.c, or NAME.c) or
# one script test (tests/sh/NAME.sh) against $(BUILD), built first.
ifneq ($(filter test,$(MAKECMDGOALS)),)
T_UNIT := $(sort $(filter tests/unit/test_%,$(wildcard tests/unit/test_$(T).c tests/unit/$(T).c)))
T_SH := $(wildcard tests/sh/$(T).sh)
ifneq ($(words $(T_UNIT) $(T_SH)),1)
$(error make test T=NAME: T must name exactly one test, tests/unit/test_NAME.c, tests/unit/NAME.c or tests/sh/NAME.sh ('$(T)' matches $(words $(T_UNIT) $(T_SH))))
endif
ifneq ($(T_UNIT),)
T_NAME := $(basename $(notdir $(T_UNIT)))
T_NEEDS := $(BUILD)/tests/$(T_NAME)
else
T_NAME := $(basename $(notdir $(T_SH)))
T_NEEDS := all $(TOOL_BIN)
endif
endif

test: $(T_NEEDS)
	tests/run.sh -t $(T_NAME) $(BUILD)

# A real Debian 12 boot in qemu (docs/boot-test.md); the image is cached
# under /var/cache/bootchart/distro, the results go to build/distro.
check-distro: deps
	$(MAKE) all
	tests/distro/run.sh build/default

# The same image booted in series by bootchartd's own
# series mechanism, the sets compared (docs/boot-test.md); the results
# (logs, the comparisons' tables and JSON Lines) go to build/series.
check-series: deps
	$(MAKE) all
	tests/distro/series.sh build/default

# Both loggers, for bench_initmode's sizes and start-up delays.
# The Debian and RPM packages, built from a clean copy of the tree,
# checked, installed on a fake root and removed (tests/sh/pkg_*.sh).
check-pkg: deps
	./scripts/deps.sh pkg
	TESTS=pkg_ tests/run.sh --pkg build/default

bench: deps
	$(MAKE) all tests $(BUILD)/bootchartd-glibc \
	    $(if $(filter musl,$(LOGGER_LIBC)),$(BUILD)/bootchartd-musl)
	tests/bench/run.sh build/default

# The renderer only: the sample is in the tree (demo.sh makes one with
# gen_bootlog, built then, only when it is not).
demo:
	./scripts/deps.sh build
	$(MAKE) renderer/bootchart-render
	BC_BUILD=$(BUILD) tests/demo.sh

demo-boot: deps
	$(MAKE) all tests
	tests/boot/demo-boot.sh build/default

fuzz:
	tests/fuzz/run.sh $(FUZZ_SECONDS)

# The boot entry is install.sh's job (see INSTALL); uninstall removes one
# if install.sh had added it.  DEBUG=1 installs the programs unstripped.
INSTALL_ENV = DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' BINDIR='$(BINDIR)' \
	SBINDIR='$(SBINDIR)' MANDIR='$(MANDIR)' DOCDIR='$(DOCDIR)' \
	SYSCONFDIR='$(SYSCONFDIR)'

# With DESTDIR the tree is a staging one (a package's): no manifest.
INSTALL_MODE = $(if $(DESTDIR),--staging,--no-bootloader --files-only)
install: all
	$(INSTALL_ENV) ./scripts/install.sh $(INSTALL_MODE) $(if $(filter 1,$(DEBUG)),--debug)

uninstall:
	$(INSTALL_ENV) ./scripts/uninstall.sh $(if $(DESTDIR),--staging)

clean:
	rm -rf build renderer/bootchart-render logger/bootchartd

-include $(wildcard $(BUILD)/*/*.d $(BUILD)/*/*/*.d $(BUILD)/*/*/*/*.d)
