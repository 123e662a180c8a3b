# A tiny size sweep through the real executable: exit status 0, the crossovers on stderr, and a JSON report whose
# every row is ok at every planned point. Run as: cmake -DPOLICYBENCH=<executable> -DREPORT=<json> -P this file
execute_process(COMMAND "${POLICYBENCH}" --sweep size --min-size 1000 --max-size 10000 --policies loop,std::par_unseq
                        --min-time 0.01 --quiet --format json --output "${REPORT}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "exit status ${status}\n${out}${err}")
endif()
string(FIND "${err}" "crossover: std::par_unseq vs loop" at)
if(at EQUAL -1)
  message(FATAL_ERROR "no crossover line on stderr:\n${err}")
endif()
file(READ "${REPORT}" report)
string(JSON rows LENGTH "${report}" results)
math(EXPR last "${rows} - 1")
set(policy_rows 0)
foreach(i RANGE ${last}) # every row ok, the ceilings' too
  string(JSON row_status GET "${report}" results ${i} status)
  string(JSON policy GET "${report}" results ${i} policy)
  string(JSON role GET "${report}" results ${i} role)
  if(NOT row_status STREQUAL "ok")
    message(FATAL_ERROR "row ${i} (${policy}) is ${row_status}")
  endif()
  if(role MATCHES "^policy$")
    math(EXPR policy_rows "${policy_rows} + 1")
  endif()
endforeach()
if(NOT policy_rows EQUAL 6) # 1000, 3162, 10000 x two policies
  message(FATAL_ERROR "${policy_rows} policy rows, expected 6")
endif()
