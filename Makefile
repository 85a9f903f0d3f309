# Tienda: `make run` builds and starts the main job on the bundled example; `make test` runs every test.
SWIFT ?= swift
VENV ?= .venv
PYTHON_LIBRARY := app-store-server-library==3.1.2
# Checks the emulator's /openapi.json against the OpenAPI 3 schema in the tests.
PYTHON_TOOLS := openapi-spec-validator==0.7.1
STRICT := -Xswiftc -warnings-as-errors
EXAMPLE := Examples/Tienda.storekit

.PHONY: build run test venv bench bench-engine bench-entitlements load soak fuzz-smoke screenshots clean

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

## The web transaction manager's screenshots in docs/screenshots/, taken by its browser test in headless Chromium
## (Debian's `chromium`) as it buys, advances the clock and refunds against a real `tienda serve`.
screenshots:
	$(SWIFT) build --build-tests $(STRICT)
	TIENDA_SCREENSHOTS=docs/screenshots $(SWIFT) test --skip-build --filter WebTransactionManagerTests

## The crypto benchmark (docs/BENCHMARKS.md), release-built, against raw OpenSSL and Apple's Python verifier.
## Extra flags go through BENCH_ARGS, e.g. `make bench BENCH_ARGS=--quick`.
bench: venv
	$(SWIFT) build -c release $(STRICT) --product tienda-bench
	TIENDA_PYTHON=$(abspath $(VENV))/bin/python .build/release/tienda-bench $(BENCH_ARGS)

## The engine benchmark (docs/BENCHMARKS.md): 100,000 subscribers over a year on a SQLite file, against signing
## the same payloads alone; about 6 minutes on a quiet two-core machine, 25 under load. Smaller runs: `make bench-engine ENGINE_BENCH_ARGS="--subscribers 10000"`.
bench-engine:
	$(SWIFT) build -c release $(STRICT) --product tienda-bench
	.build/release/tienda-bench engine $(ENGINE_BENCH_ARGS)

## The emulator server under load (docs/BENCHMARKS.md, "Emulator server"): wrk against Get Transaction Info beside
## nginx serving the same bytes, and a soak (10 minutes by default) with the server's memory sampled from /proc.
## Extra flags: `make load LOAD_ARGS="--rounds 5"`, `make soak SOAK_ARGS="--duration 60"`; see Scripts/*.sh --help.
load: venv
	Scripts/load.sh $(LOAD_ARGS)

soak: venv
	Scripts/soak.sh $(SOAK_ARGS)

## A short libFuzzer run of both fuzz targets with AddressSanitizer, as CI runs it (10,000 executions each, about
## two minutes on two cores including the build). Longer sessions: Scripts/fuzz.sh all --release --seconds 600.
fuzz-smoke:
	Scripts/fuzz.sh all --runs 10000

## The entitlement server's benchmark: ingest against verify-only on SQLite and PostgreSQL, lookups against
## nginx (needs Debian's wrk and nginx: apt-get install -y wrk nginx).
## PostgreSQL runs on its own cluster with durable settings (fsync, synchronous_commit and full_page_writes on),
## unlike the test cluster. Extra flags go through BENCH_ARGS, e.g. BENCH_ARGS="--backends postgresql --skip-http".
PG_BENCH_CLUSTER := .build/postgres-bench
bench-entitlements:
	$(SWIFT) build -c release $(STRICT) --product tienda-entitlements-bench
	@connection=$$(Scripts/postgres-test-cluster.sh start $(PG_BENCH_CLUSTER)) || exit 1; \
	psql=$$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)/psql; \
	"$$psql" "$$connection" -qtA -c "ALTER SYSTEM SET fsync = on" -c "ALTER SYSTEM SET synchronous_commit = on" \
		-c "ALTER SYSTEM SET full_page_writes = on" -c "SELECT pg_reload_conf()" >/dev/null || exit 1; \
	.build/release/tienda-entitlements-bench --postgres "$$connection" $(BENCH_ARGS); \
	status=$$?; Scripts/postgres-test-cluster.sh stop $(PG_BENCH_CLUSTER) >/dev/null; exit $$status

clean:
	rm -rf .build $(VENV)
