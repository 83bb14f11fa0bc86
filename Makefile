# clipmerge: every target works as the only command on a fresh Debian 12 machine with the Swift toolchain.
PREFIX ?= /usr/local
SWIFT ?= swift
export SWIFT
SHELL := /bin/bash
RELEASE_BIN = .build/release/clipmerge
DEMO_DIR = demo-out

.PHONY: all deps build release fixtures test fuzz sanitize tsan demo man completions install uninstall deb image bench real-media \
	stills slurm-check format lint clean docs

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

fixtures: deps
	@Fixtures/make-fixtures.sh

# The suite is XCTest only (Swift Testing is turned off so its empty run does not close the log). The last line
# is a plain summary: "tests: N passed, N failed, N skipped".
test: deps fixtures
	@mkdir -p .build; set -o pipefail; $(SWIFT) test --disable-swift-testing 2>&1 | tee .build/test.log
	@scripts/test-summary.sh .build/test.log

# The suite under AddressSanitizer, in a build of its own (.build/asan). Every clipmerge process the tests start
# (all commands, a short fuzz run over damaged files) is sanitized with the leak check on; the test runner
# itself checks memory errors only (XCTest and Foundation keep objects until exit).
sanitize: deps fixtures
	@mkdir -p .build; set -o pipefail; \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp ASAN_OPTIONS=detect_leaks=0 \
	  CLIPMERGE_CHILD_ASAN_OPTIONS=detect_leaks=1 CLIPMERGE_FUZZ_COUNT=60 \
	  $(SWIFT) test --disable-swift-testing --sanitize=address --scratch-path .build/asan 2>&1 | tee .build/sanitize.log
	@scripts/test-summary.sh .build/sanitize.log
	@! grep -E "ERROR: (AddressSanitizer|LeakSanitizer)" .build/sanitize.log

# ThreadSanitizer over the engine's tests, which run the renders in process (decode threads, the pipelined
# encoder, the compositor's workers); a data race anywhere there fails it.
tsan: deps fixtures
	@mkdir -p .build; set -o pipefail; \
	  $(SWIFT) test --disable-swift-testing --sanitize=thread --scratch-path .build/tsan --filter EngineTests 2>&1 \
	  | tee .build/tsan.log
	@scripts/test-summary.sh .build/tsan.log
	@! grep -E "WARNING: ThreadSanitizer" .build/tsan.log

fuzz: deps fixtures
	CLIPMERGE_FUZZ_COUNT=$${COUNT:-2000} $(SWIFT) test --disable-swift-testing --filter FuzzTests

# A Mandelbrot zoom and the game of life joined, titled, soundtracked, overlaid; ends with its contact sheet.
demo: release
	@DEMO_DIR=$(DEMO_DIR) scripts/demo.sh

# The man page and the completions are written by clipmerge itself from its option tables (.build/share).
man: release
	@mkdir -p .build/share
	$(RELEASE_BIN) man-page > .build/share/clipmerge.1

completions: release
	@mkdir -p .build/share
	$(RELEASE_BIN) completions bash > .build/share/clipmerge.bash
	$(RELEASE_BIN) completions zsh > .build/share/_clipmerge
	$(RELEASE_BIN) completions fish > .build/share/clipmerge.fish

# Where the shells and man look under PREFIX (bash-completion, zsh's site-functions, fish's vendor folder).
# The installed binary has the Swift runtime linked in: it runs where the toolchain is not (cluster nodes).
install: release man completions
	install -D -m 755 "$$(scripts/build-static.sh)" $(DESTDIR)$(PREFIX)/bin/clipmerge
	install -D -m 644 .build/share/clipmerge.1 $(DESTDIR)$(PREFIX)/share/man/man1/clipmerge.1
	install -D -m 644 .build/share/clipmerge.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/clipmerge
	install -D -m 644 .build/share/_clipmerge $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_clipmerge
	install -D -m 644 .build/share/clipmerge.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/clipmerge.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/clipmerge $(DESTDIR)$(PREFIX)/share/man/man1/clipmerge.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/clipmerge \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_clipmerge \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/clipmerge.fish

# A Debian package (clipmerge_VERSION_ARCH.deb here): the Swift runtime linked in, the FFmpeg and libass
# dependencies computed by dpkg-shlibdeps, checked by lintian (no errors allowed).
deb: deps
	@scripts/make-deb.sh

# The image clipmerge:latest (Dockerfile: Debian 12 slim and the package), built without a registry and run once.
image: deps fixtures
	@scripts/make-image.sh

bench: release fixtures
	@scripts/bench.sh

# A one-node Slurm started here renders a plan through submit.sh; compared with the single render (not in test).
slurm-check: release fixtures
	@scripts/slurm-check.sh

real-media: release fixtures
	@scripts/real-media.sh

# docs/stills: the midpoint of every transition and effect example spec (docs/effects.md).
stills: release fixtures
	@scripts/doc-stills.sh

# The library's reference with the toolchain's DocC: symbol graphs from a build of its own (.build/docs, so the
# debug build keeps its flags), converted into .build/ClipMergeKit.doccarchive; a missing doc comment is a warning.
docs: deps
	@mkdir -p .build/docs/symbol-graphs
	$(SWIFT) build --scratch-path .build/docs --target ClipMergeKit -Xswiftc -emit-symbol-graph \
		-Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/.build/docs/symbol-graphs
	docc convert --additional-symbol-graph-dir .build/docs/symbol-graphs --output-path .build/ClipMergeKit.doccarchive \
		--fallback-display-name ClipMergeKit --fallback-bundle-identifier org.clipmerge.ClipMergeKit \
		--fallback-bundle-version 0.1.0 --emit-digest
	@echo "docs: .build/ClipMergeKit.doccarchive"

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --recursive Sources Tests Package.swift

clean:
	rm -rf .build Fixtures/generated $(DEMO_DIR) bench-out
