// Built only by the layering tests: a lower folder's library compiling #include POLICYBENCH_PROBE_HEADER, a cli/ or
// report/ header, which must fail because that library does not see the higher folder's include root.
#include POLICYBENCH_PROBE_HEADER
