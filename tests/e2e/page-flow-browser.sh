#!/bin/sh
# The browser the page flows run in (playwright.config.ts, e2eChromium): Chromium's headless
# shell, at a lower priority than everything else in the run. The calls beside them keep their
# timing on a busy machine (a call must come back within seconds of its network), and the page
# flows, which only wait longer, take whatever CPU the calls leave (decision 055).
exec nice -n 10 "${HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" "$@"
