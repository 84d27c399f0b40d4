# Container images of "sudoku serve" and "dlx worker": static binaries in
# an otherwise empty image, run as a user without privileges. dlx runs
# the cluster's commands in dlx-cluster, beside it (docs/cluster.md).
#
#   docker build -t dlxkit/sudoku .                          # sudoku serve (the last stage)
#   docker build --target dlx-worker -t dlxkit/dlx-worker .  # dlx worker
#   docker run -p 8080:8080 -p 9981:9981 dlxkit/sudoku
#   docker run dlxkit/dlx-worker -cluster nats://nats:4222 -workers 2
#
# CI builds and runs both images with buildah (scripts/docker-check.sh),
# with the build stage on a local busybox image and the machine's Go
# mounted (--build-arg GO_IMAGE=...): the golang image itself is not
# pulled there. See docs/release.md.

# GO_IMAGE is the image of the build stage: Go, and a shell for RUN.
ARG GO_IMAGE=golang:1.26

# The build: the three commands, static (no cgo), stamped as a release build
# is (internal/cli/version.go); pass --build-arg VERSION=v1.2.0
# COMMIT=$(git rev-parse HEAD) DATE=$(date -u +%FT%TZ).
FROM ${GO_IMAGE} AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=
ARG COMMIT=
ARG DATE=
RUN CGO_ENABLED=0 go build -trimpath -o /out/ \
	-ldflags "-s -w \
	-X github.com/dlxkit/dlx/internal/cli.version=${VERSION} \
	-X github.com/dlxkit/dlx/internal/cli.commit=${COMMIT} \
	-X github.com/dlxkit/dlx/internal/cli.date=${DATE}" \
	./cmd/dlx ./cmd/sudoku ./cmd/dlx-cluster

# What both images hold: the binaries, and the CA certificates for TLS
# to servers with public certificates (dlx worker -cluster tls://...).
FROM scratch AS base
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/
COPY --from=build /out/dlx /out/sudoku /out/dlx-cluster /usr/local/bin/
COPY LICENSE /usr/share/doc/dlx/
# A numeric user and group without privileges (no /etc/passwd here).
USER 65532:65532

# dlx worker: counts the pieces queued on a NATS cluster; give it
# -cluster URL, and the token in DLX_CLUSTER_TOKEN.
FROM base AS dlx-worker
ENTRYPOINT ["/usr/local/bin/dlx", "worker"]

# sudoku serve: the HTTP API and web page, and the line protocol. The
# addresses come from the environment (SUDOKU_HTTP and SUDOKU_LINE, read
# by sudoku serve as its -http and -line flags), all interfaces here; a
# flag given to docker run overrides them.
FROM base AS sudoku
ENV SUDOKU_HTTP=:8080 SUDOKU_LINE=:9981
EXPOSE 8080 9981
ENTRYPOINT ["/usr/local/bin/sudoku", "serve"]
