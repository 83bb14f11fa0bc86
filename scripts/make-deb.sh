#!/usr/bin/env bash
# Builds clipmerge_VERSION_ARCH.deb in the project folder with dpkg-deb: the binary (the Swift runtime linked in
# statically, so the package needs only Debian's libraries), its man page and the bash, zsh and fish completions
# (written by the binary itself), the copyright file and changelog Debian asks for. The runtime dependencies
# (FFmpeg 5.1's libraries, libass, libc) are computed by dpkg-shlibdeps, not written by hand; lintian must report
# no errors. The build has a scratch folder of its own (.build/deb), so it can run beside other builds.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/deb
bin=$(scripts/build-static.sh)
version=$("$bin" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
root=$scratch/package
rm -rf "$root"
install -D -m 755 "$bin" "$root/usr/bin/clipmerge"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/clipmerge"
mkdir -p "$root/usr/share/man/man1" "$root/usr/share/doc/clipmerge"
"$bin" man-page | gzip -9n > "$root/usr/share/man/man1/clipmerge.1.gz"
install -d "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"
"$bin" completions bash > "$root/usr/share/bash-completion/completions/clipmerge"
"$bin" completions zsh > "$root/usr/share/zsh/vendor-completions/_clipmerge"
"$bin" completions fish > "$root/usr/share/fish/vendor_completions.d/clipmerge.fish"
cat > "$root/usr/share/doc/clipmerge/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: clipmerge
Source: https://github.com/clipmerge/clipmerge

Files: *
Copyright: 2026 The clipmerge authors
License: MIT
 Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
 associated documentation files (the "Software"), to deal in the Software without restriction, including
 without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the
 following conditions:
 .
 The above copyright notice and this permission notice shall be included in all copies or substantial
 portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT
 LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
COPYRIGHT
printf 'clipmerge (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- clipmerge maintainers <maintainers@clipmerge.org>  %s\n' \
  "$version" "$version" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")" |
  gzip -9n > "$root/usr/share/doc/clipmerge/changelog.gz"
# dpkg-shlibdeps reads the dependencies of the binary's libraries from the installed packages' shlibs files.
work=$scratch/shlibs
rm -rf "$work" && mkdir -p "$work/debian"
printf 'Source: clipmerge\n\nPackage: clipmerge\nArchitecture: any\n' > "$work/debian/control"
mkdir -p "$root/DEBIAN"
depends=$(cd "$work" && dpkg-shlibdeps -O "$OLDPWD/$root/usr/bin/clipmerge" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[[ -n $depends ]] || { echo "dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -k -s "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: clipmerge
Version: $version
Architecture: $arch
Maintainer: clipmerge maintainers <maintainers@clipmerge.org>
Installed-Size: $size
Depends: $depends, fonts-dejavu-core
Section: video
Priority: optional
Homepage: https://github.com/clipmerge/clipmerge
Description: join, overlay and soundtrack video from the shell
 clipmerge merges video on FFmpeg's libraries with AVFoundation's model: a
 composition of tracks, layer instructions with transform and opacity ramps,
 an audio mix and an export. It joins, overlays, titles and soundtracks clips,
 takes pictures and contact sheets of them, and splits renders into segments
 for many machines.
CONTROL
find "$root" -type d -exec chmod 755 {} +
deb=clipmerge_${version}_${arch}.deb
fakeroot dpkg-deb --build -Zxz "$root" "$deb" >/dev/null
echo "built $deb"
echo "Depends: $depends, fonts-dejavu-core"
lintian --tag-display-limit 0 "$deb" 2>/dev/null | tee "$scratch/lintian.txt" || true
if grep -q '^E:' "$scratch/lintian.txt"; then
  echo "lintian reports errors" >&2
  exit 1
fi
