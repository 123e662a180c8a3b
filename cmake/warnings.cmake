# Warnings for the project's own code only (dependencies come in as SYSTEM include directories).
function(policybench_warnings target)
  set(cxx_flags -Wall -Wextra -Wpedantic)
  if(POLICYBENCH_WARNINGS_AS_ERRORS)
    list(APPEND cxx_flags -Werror)
  endif()
  target_compile_options(${target} PRIVATE
    "$<$<COMPILE_LANGUAGE:CXX>:${cxx_flags}>"
    "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra>"
    "$<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<BOOL:${POLICYBENCH_WARNINGS_AS_ERRORS}>>:-Werror=all-warnings>")
endfunction()
