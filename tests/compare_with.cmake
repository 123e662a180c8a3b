# policybench --compare-with REPORT through the real executable: the report's rows appear in the table marked with
# the file, the exit status is 0 (also when every compared row is invalid: the status is this run's); a missing file
# is refused with exit status 2 before anything is measured.
# Run as: cmake -DPOLICYBENCH=<executable> -DREPORT=<seed_compare.py JSON> -P compare_with.cmake
execute_process(COMMAND "${POLICYBENCH}" --size 1000 --reps 2 --warmup 1 --policies loop --compare-with "${REPORT}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "exit status ${status}\n${out}${err}")
endif()
foreach(row "loop  " "python loop [${REPORT}]" "numba @njit(parallel=True) [${REPORT}]" "numpy a += 1 [${REPORT}]")
  string(FIND "${out}" "${row}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "no row '${row}' in:\n${out}")
  endif()
endforeach()

file(READ "${REPORT}" theirs)
string(REGEX REPLACE "\"status\": *\"ok\"" "\"status\": \"invalid\"" theirs "${theirs}")
get_filename_component(invalid "${REPORT}" NAME_WE)
set(invalid "${CMAKE_CURRENT_BINARY_DIR}/${invalid}_invalid.json")
file(WRITE "${invalid}" "${theirs}")
execute_process(COMMAND "${POLICYBENCH}" --size 1000 --reps 2 --warmup 1 --policies loop --compare-with "${invalid}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "python loop [${invalid}]" at)
if(NOT status EQUAL 0 OR at EQUAL -1)
  message(FATAL_ERROR "invalid compared rows: exit status ${status}\n${out}${err}")
endif()

execute_process(COMMAND "${POLICYBENCH}" --size 1000 --compare-with "${REPORT}.missing"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${err}" "policybench: error: --compare-with: '${REPORT}.missing': no such file" at)
if(NOT status EQUAL 2 OR at EQUAL -1 OR NOT out STREQUAL "")
  message(FATAL_ERROR "a missing file: exit status ${status}, stdout '${out}', stderr '${err}'")
endif()
