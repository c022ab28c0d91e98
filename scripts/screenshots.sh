#!/usr/bin/env bash
# The screenshots of the guide (docs/src/web.md): runs the browser tests
# that take them (tests/browser/*.test.mjs in headless Chromium, as
# `cargo test -p sprague-cli --test browser` does) into a fresh folder,
# then copies the chosen ones to docs/src/images/:
#
#   home.png         the home page's first screen, the gallery of games (gallery.test.mjs)
#   cram-game.png    a Cram game after three moves (game.test.mjs)
#   coin-game.png    a game of Mock Turtles after a move (boards.test.mjs)
#   lesson.png       lesson 2's exercise with a wrong move explained (lesson2.test.mjs)
#
# Needs Chromium (/usr/bin/chromium, or CHROMIUM), node and npm; fails
# without them (SPRAGUE_REQUIRE_BROWSER=1). Usage: scripts/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_PROFILE_DEV_DEBUG="${CARGO_PROFILE_DEV_DEBUG:-0}" CARGO_PROFILE_TEST_DEBUG="${CARGO_PROFILE_TEST_DEBUG:-0}"
shots="$(mktemp -d)"
trap 'rm -rf "$shots"' EXIT
SPRAGUE_REQUIRE_BROWSER=1 SPRAGUE_SHOTS="$shots" BOARD_SHOTS="$shots/boards" \
  cargo test -p sprague-cli --test browser -- --exact \
  the_gallery_works_in_headless_chromium \
  the_play_view_speaks_each_games_words_in_headless_chromium \
  the_boards_work_in_headless_chromium \
  lesson_2_works_in_headless_chromium
mkdir -p docs/src/images
copy() {
  if [[ ! -s "$shots/$1" ]]; then
    echo "screenshots.sh: the tests wrote no $1" >&2
    exit 1
  fi
  cp "$shots/$1" "docs/src/images/$2"
  echo "docs/src/images/$2 <- $1 ($(wc -c <"$shots/$1") bytes)"
}
copy home.png home.png
copy cram-three-moves.png cram-game.png
copy boards/mock-turtles-game.png coin-game.png
copy lesson2-exercise.png lesson.png
