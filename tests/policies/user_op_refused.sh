#!/bin/bash
# An op policybench cannot run is refused at compile time with a message that says why (include/policybench/
# user_op.hpp): not trivially copyable, a template call operator, a third argument, an element type no run has.
# Usage: user_op_refused.sh <C++ compiler> <policybench source>
set -uo pipefail
cxx=$1 include=$2/include
compile() { # compile <op's declaration>: its workload's declaration, compiler messages on stdout
  printf '#include "policybench/user_op.hpp"\n#include <string>\n%s\nint n = policybench::user_workload<op>::inputs;\n' \
    "$1" | "$cxx" -std=c++20 -fsyntax-only -I "$include" -x c++ - 2>&1
}
refused() { # refused <message> <op's declaration>: the op's workload does not compile, and says <message>
  local out
  if out=$(compile "$2"); then
    echo "compiled: $2"; exit 1
  fi
  grep -q -- "$1" <<<"$out" || { echo "no '$1' for: $2"; echo "$out" | head -20; exit 1; }
}
compile 'struct op { double operator()(double x, double y) const noexcept { return x * y; } };' || exit 1
refused "must be trivially copyable" 'struct op { std::string s; double operator()(double x) const { return x; } };'
refused "one non-template call operator" 'struct op { template <class T> T operator()(T x) const { return x; } };'
refused "one non-template call operator" 'struct op { double operator()(double x, double, double) const { return x; } };'
refused "element type must be" 'struct op { short operator()(short x) const { return x; } };'
echo "every op refused with its reason"
