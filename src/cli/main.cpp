// The policybench executable: the built-in workloads through every policy of the registry.
#include "cli/benchmark_main.hpp"

int main(int argc, char** argv) { return policybench::benchmark_main(argc, argv); }
