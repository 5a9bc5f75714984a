"""The compiled-engine runtime: where kernels are cached, how they load, and making them ready for a program."""
