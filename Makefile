# clipmerge: every target works as the only command on a fresh Debian 12 machine with the Swift toolchain.
PREFIX ?= /usr/local
SWIFT ?= swift
export SWIFT
SHELL := /bin/bash
RELEASE_BIN = .build/release/clipmerge
DEMO_DIR = demo-out

TSAN_FILTER ?= EngineTests

.PHONY: all deps build release fixtures test test-times fuzz sanitize tsan demo man completions install uninstall deb image bench real-media corpus \
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

# The whole suite once, its tests spread over parallel workers (scripts/run-tests.sh; XCTest only, Swift Testing
# turned off so its empty run does not close the log). The last line is a plain summary: "tests: N passed, N
# failed, N skipped". SANITIZE=address or thread runs it under a sanitizer (a build of its own, every report a
# failure); CONFIG=release tests the optimized build; FILTER=REGEX a part; WORKERS=N the parallel processes.
SANITIZE ?=
CONFIG ?= debug
FILTER ?=
export SANITIZE CONFIG FILTER
test: deps fixtures
	@scripts/run-tests.sh

# The 30 slowest tests of the last run, from its xUnit results (RUN=asan|tsan|test, COUNT=N).
test-times:
	@scripts/test-times.sh

# The suite under AddressSanitizer with the leak check, in the optimized build CI tests (make test's successor
# for it; CI runs it). The fuzz run goes through every parser we own inside it.
sanitize:
	@$(MAKE) --no-print-directory test SANITIZE=address CONFIG=release

# ThreadSanitizer over the engine's tests, which run the renders in process (decode threads, the pipelined
# encoder, the compositor's workers); a data race anywhere there fails it.
tsan:
	@$(MAKE) --no-print-directory test SANITIZE=thread CONFIG=release FILTER=$(TSAN_FILTER)

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

# Every file of CORPUS (../shared/media unless told; FATE's samples for docs/corpus.md) rendered whole and compared
# with the ffmpeg CLI's decode of it, picture by picture: a Markdown table, exit 1 when a file is shown wrongly.
CORPUS ?= ../shared/media
corpus: release
	@scripts/corpus-check.sh $(CORPUS) --jobs 2 --bin $(RELEASE_BIN)

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
