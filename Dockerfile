# The clipmerge image: Debian 12 slim with the package make deb builds (the binary has the Swift runtime linked
# in, so the image needs no toolchain), run as an unprivileged user in /work.
#   make image                                     builds clipmerge:latest with podman or docker, no registry
#   docker build --build-arg DEB=clipmerge_0.1.0_amd64.deb -t clipmerge .     where Docker Hub is reachable
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD":/work clipmerge concat a.mp4 b.mp4 -o joined.mp4
# make image makes its base with mmdebstrap (BASE=localhost/clipmerge-base:bookworm), so nothing comes from a
# registry; the package, its dependencies and the security updates come from Debian's archive either way.
ARG BASE=docker.io/library/debian:bookworm-slim
FROM ${BASE}
ARG DEB
COPY ${DEB} /tmp/clipmerge.deb
RUN apt-get update \
  && apt-get upgrade -y \
  && apt-get install -y --no-install-recommends /tmp/clipmerge.deb \
  && rm -rf /var/lib/apt/lists/* /tmp/clipmerge.deb \
  && useradd --uid 1000 --user-group --create-home --shell /usr/sbin/nologin clipmerge \
  && mkdir /work && chown clipmerge:clipmerge /work
USER 1000:1000
WORKDIR /work
ENTRYPOINT ["clipmerge"]
CMD ["--help"]
