# The Makefile is the manual: every task a developer or CI runs is a target here.
#   make run     build bin/intake and run the emulator on http://localhost:8080
#   make test    install the test tools if needed (npm test servers, Java 17 for DynamoDB
#                Local, Chromium, etcd for the cluster test, promtool), check the alert rules,
#                then go vet and go test -race
#   make bench   run the benchmarks, the end-to-end one included (INTAKE_BENCH_LARGE=1
#                adds its 100,000-phone cases, which take minutes)
#   make lint    gofmt and go vet
#   make fuzz    run every fuzz target for FUZZTIME each (default 10s), on top of its corpus
#   make proto   regenerate actors/**/*.pb.go with the pinned protoc-gen-go
#   make build   build bin/intake
#   make install install intake into $(go env GOPATH)/bin (on the PATH when Go's bin is)
#   make clean   remove bin/ and test artifacts

SHELL := /usr/bin/env bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := build

GO      ?= go
BIN     := $(CURDIR)/bin
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)

PROTOC_GEN_GO_VERSION := v1.36.12
TESTSERVERS           := tools/testservers

.PHONY: run build install test testservers java chromium etcd promtool alerts bench lint fuzz proto protoc protoc-gen-go clean

## run: build and start the emulator (DASHBOARD_PORT, default 8080)
run: build
	$(BIN)/intake emulator

## build: compile bin/intake; go build downloads the modules it needs. It says so first:
## a first build on an empty module and build cache is silent for minutes otherwise.
build:
	@echo "make: building bin/intake (the first build downloads the Go modules and compiles everything: about 6 minutes; later builds take seconds)"
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN)/intake ./cmd/intake

## install: put intake on the PATH (in $(go env GOPATH)/bin, or GOBIN)
install:
	@echo "make: installing intake into $$($(GO) env GOBIN || true)$$( [ -n "$$($(GO) env GOBIN)" ] || echo "$$($(GO) env GOPATH)/bin")"
	$(GO) install -ldflags "$(LDFLAGS)" ./cmd/intake

## test: check formatting and the alert rules, vet and race-test everything, after installing
## the test servers, Java, Chromium, etcd and promtool
test: testservers java chromium etcd alerts
	@echo "make: vetting and testing everything with the race detector (a first run takes about 8-14 minutes; later runs reuse the build cache)"
	@unformatted=$$("$$($(GO) env GOROOT)/bin/gofmt" -l $$(git ls-files '*.go')); \
		if [ -n "$$unformatted" ]; then echo "make: gofmt would change:"; echo "$$unformatted"; exit 1; fi
	@if git grep -n -e '^<<<<<<< ' -e '^>>>>>>> ' -- . ':!Makefile'; then echo "make: merge conflict markers are committed"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

## testservers: npm test servers (amplify-dynamodb-simulator, which ships DynamoDB Local's jar;
## local-aws-sqs; aws-ses-v2-local), only when stale
testservers: $(TESTSERVERS)/node_modules

# The directory is the stamp: npm ci reruns only when it is missing or older
# than the lock file. Without npm the tests that need these servers skip
# locally (CI sets CI=1 and fails them instead).
$(TESTSERVERS)/node_modules: $(TESTSERVERS)/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --prefix $(TESTSERVERS) --no-audit --no-fund && touch $@; \
	else \
		echo "make: npm not found; tests that need DynamoDB Local, local-aws-sqs or aws-ses-v2-local will skip. Install Node.js (e.g. apt-get install -y nodejs npm) to run them."; \
	fi

## java: Java 17, which runs DynamoDB Local, installed with apt when running as root
java:
	@if command -v java >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y openjdk-17-jre-headless; \
	else \
		echo "make: java not found; tests that need DynamoDB Local will skip. Install it with: sudo apt-get install -y openjdk-17-jre-headless"; \
	fi

## chromium: the headless browser of the browser tests, installed with apt when running as root
chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
		echo "make: chromium not found; browser tests will skip. Install it with: sudo apt-get install -y chromium"; \
	fi

## etcd: Debian's etcd-server, which the cluster test's etcd provider runs against, installed
## with apt when running as root
etcd:
	@if command -v etcd >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y etcd-server; \
	else \
		echo "make: etcd not found; the cluster test's etcd case will skip. Install it with: sudo apt-get install -y etcd-server"; \
	fi

## promtool: Debian's prometheus package, whose promtool checks and unit-tests the alert
## rules, installed with apt when running as root
promtool:
	@if command -v promtool >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends prometheus; \
	else \
		echo "make: promtool not found; the alert rules are not checked. Install it with: sudo apt-get install -y prometheus"; \
	fi

## alerts: the shipped alert rules parse (promtool check rules) and fire when their unit
## tests say (promtool test rules); the Go tests check every metric they use is exported
alerts: promtool
	@if command -v promtool >/dev/null 2>&1; then \
		promtool check rules deploy/prometheus/alerts.yml && \
		promtool test rules deploy/prometheus/alerts_test.yml; \
	elif [ -n "$${CI:-}" ]; then \
		echo "make: promtool is required in CI"; exit 1; \
	fi

## bench: benchmarks only, with allocations; those over a real table use DynamoDB Local.
## BenchmarkEndToEnd prints the application against its yardstick (turns/s, CPU per turn,
## table requests per turn), over the memory table and DynamoDB Local, as a table with
## ratios; the timeout leaves room for the 100,000-phone cases. It then plays the fast-restart
## cluster test with the 5 runs of its acceptance (`make test` plays 2).
bench: testservers java
	$(GO) test -run '^$$' -bench . -benchmem -timeout 2h ./...
	INTAKE_RESTART_RUNS=5 $(GO) test -race -count=1 -run 'TestCluster/FastRestart' -v ./cmd/intake/

## lint: gofmt must have nothing to say, go vet must pass
lint:
	@unformatted=$$(find . \( -path ./tools -o -path ./bin -o -path ./.git \) -prune -o -name '*.go' -print | xargs gofmt -l); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

## fuzz: every Fuzz target of the repository for FUZZTIME each (go test runs one target per
## invocation); a failing input is saved under its package's testdata/fuzz/ and fails make.
## `make test` already replays the saved corpora as ordinary tests.
FUZZTIME ?= 10s
fuzz:
	@for dir in $$(grep -rl --include='*_test.go' --exclude-dir=node_modules --exclude-dir=tools --exclude-dir=.git '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
		for target in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go | sed 's/^func //' | sort -u); do \
			echo "fuzz: $$dir $$target ($(FUZZTIME))"; \
			$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$dir; \
		done; \
	done

## proto: regenerate the .pb.go files beside every .proto under actors/
proto: protoc protoc-gen-go
	protoc --plugin=protoc-gen-go=$(BIN)/protoc-gen-go --proto_path=. \
		--go_out=. --go_opt=paths=source_relative \
		$$(find actors -name '*.proto' | sort)

protoc:
	@if command -v protoc >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y protobuf-compiler; \
	else \
		echo "make: protoc not found. Install it with: sudo apt-get install -y protobuf-compiler"; exit 1; \
	fi

# The generated code records the plugin version, so it is pinned and checked.
protoc-gen-go:
	@if [ "$$($(BIN)/protoc-gen-go --version 2>/dev/null)" != "protoc-gen-go $(PROTOC_GEN_GO_VERSION)" ]; then \
		GOBIN=$(BIN) $(GO) install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO_VERSION); \
	fi

## clean: remove build output and test artifacts (not the npm test servers)
clean:
	rm -rf $(BIN) test-artifacts
