"""What a game must pass, importable by any game package: the conformance runner (cases
written from a rulebook) and the notation fuzzer. These run over registered games, so they
stand above :mod:`vita.core` and may use :mod:`vita.registry`."""
