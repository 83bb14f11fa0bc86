# clipmerge: every target works as the only command on a fresh Debian 12 machine with the Swift toolchain.
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_BIN = .build/release/clipmerge
DEMO_DIR = demo-out

.PHONY: all deps build release fixtures test demo install uninstall bench real-media format lint clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

fixtures: deps
	@Fixtures/make-fixtures.sh

test: deps fixtures
	$(SWIFT) test

demo: release fixtures
	@mkdir -p $(DEMO_DIR)
	$(RELEASE_BIN) overlay Fixtures/generated/base.mp4 Fixtures/generated/overlay.mp4 \
		-o $(DEMO_DIR)/overlay.mov -y --fade-in 1,1 --rotate 10 --margin 8
	@ffmpeg -hide_banner -loglevel error -y -ss 2.5 -i $(DEMO_DIR)/overlay.mov -frames:v 1 $(DEMO_DIR)/overlay.png
	@echo "demo: $(DEMO_DIR)/overlay.mov (a frame at 2.5 s: $(DEMO_DIR)/overlay.png)"

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/clipmerge

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/clipmerge

bench: release
	@scripts/bench.sh

real-media: release
	@scripts/real-media.sh

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --recursive Sources Tests Package.swift

clean:
	rm -rf .build Fixtures/generated $(DEMO_DIR) bench-out
