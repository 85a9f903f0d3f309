# Tienda: `make run` builds and starts the main job on the bundled example; `make test` runs every test.
SWIFT ?= swift
VENV ?= .venv
PYTHON_LIBRARY := app-store-server-library==3.1.2
# Checks the emulator's /openapi.json against the OpenAPI 3 schema in the tests.
PYTHON_TOOLS := openapi-spec-validator==0.7.1
STRICT := -Xswiftc -warnings-as-errors
EXAMPLE := Examples/Tienda.storekit

.PHONY: build run test venv bench bench-engine bench-entitlements fuzz-smoke clean

build:
	$(SWIFT) build $(STRICT)

## The emulator on the bundled example catalog, its state in .tienda-run (kept across runs; delete it to start over).
RUN_STATE ?= .tienda-run
RUN_PORT ?= 8480
run: build
	$(SWIFT) run --skip-build tienda serve $(EXAMPLE) --bundle-id com.tienda.example --state $(RUN_STATE) --port $(RUN_PORT)

## Apple's Python App Store Server Library, the interop oracle of the test suite (and an OpenAPI validator).
venv: $(VENV)/.installed
$(VENV)/.installed: Makefile
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check $(PYTHON_LIBRARY) $(PYTHON_TOOLS)
	touch $@

## A throwaway PostgreSQL cluster on 127.0.0.1 for the PostgreSQL half of the storage tests.
PG_CLUSTER := .build/postgres-test

test: venv
	$(SWIFT) build --build-tests $(STRICT)
	@connection=$$(Scripts/postgres-test-cluster.sh start $(PG_CLUSTER)) || exit 1; \
	TIENDA_PG_CONNINFO="$$connection" TIENDA_PYTHON=$(abspath $(VENV))/bin/python $(SWIFT) test --skip-build; \
	status=$$?; Scripts/postgres-test-cluster.sh stop $(PG_CLUSTER) >/dev/null; exit $$status

## The crypto benchmark (docs/BENCHMARKS.md), release-built, against raw OpenSSL and Apple's Python verifier.
## Extra flags go through BENCH_ARGS, e.g. `make bench BENCH_ARGS=--quick`.
bench: venv
	$(SWIFT) build -c release $(STRICT) --product tienda-bench
	TIENDA_PYTHON=$(abspath $(VENV))/bin/python .build/release/tienda-bench $(BENCH_ARGS)

## The engine benchmark (docs/BENCHMARKS.md): 100,000 subscribers over a year on a SQLite file, against signing
## the same payloads alone; ten minutes or more. Smaller runs: `make bench-engine ENGINE_BENCH_ARGS="--subscribers 10000"`.
bench-engine:
	$(SWIFT) build -c release $(STRICT) --product tienda-bench
	.build/release/tienda-bench engine $(ENGINE_BENCH_ARGS)

## A short libFuzzer run of both fuzz targets with AddressSanitizer, as CI runs it (10,000 executions each, about
## two minutes on two cores including the build). Longer sessions: Scripts/fuzz.sh all --release --seconds 600.
fuzz-smoke:
	Scripts/fuzz.sh all --runs 10000

## The entitlement server's benchmark: ingest against verify-only on SQLite and PostgreSQL, lookups against
## nginx (needs Debian's wrk and nginx: apt-get install -y wrk nginx).
bench-entitlements:
	$(SWIFT) build -c release $(STRICT) --product tienda-entitlements-bench
	@connection=$$(Scripts/postgres-test-cluster.sh start $(PG_CLUSTER)) || exit 1; \
	.build/release/tienda-entitlements-bench --postgres "$$connection"; \
	status=$$?; Scripts/postgres-test-cluster.sh stop $(PG_CLUSTER) >/dev/null; exit $$status

clean:
	rm -rf .build $(VENV)
