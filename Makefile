# Every target sets up what is missing first (scripts/setup.sh is idempotent and fast when done).
SWIFTPM := bash scripts/swiftpm.sh

.PHONY: run serve test build release setup bench examples clean

## Start the memo dialogue on the built-in default model.
run: release
	.build/release/verbatim memo $(ARGS)

## Serve the web app on 127.0.0.1 (port 8080 or the next free one; ARGS="--port N").
serve: release
	.build/release/verbatim serve $(ARGS)

## Set up if needed, then run all tests (one thread for llama.cpp: CI machines are shared).
## At most 8 tests at a time: unbounded, every model test holds its contexts at once (17.6 GB
## in use at the peak, 222 s here); with 8, 3.3 GB and 144 s on the same 2-core machine.
test:
	VERBATIM_THREADS=1 SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=8 $(SWIFTPM) test

## Install what is missing; MODEL=NAME also installs a catalog model (`verbatim models` lists them).
setup:
	bash scripts/setup.sh $(if $(MODEL),--model $(MODEL),)

build:
	$(SWIFTPM) build

release:
	$(SWIFTPM) build -c release

bench: release
	.build/release/verbatim-bench $(ARGS)

## Build Examples/, a package that depends on this checkout by path (Examples/.build/debug/…).
examples: setup
	bash scripts/build-examples.sh

clean:
	rm -rf .build
