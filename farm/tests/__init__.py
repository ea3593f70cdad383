"""The farm's tests (a package, so that its modules do not clash with python/tests')."""
