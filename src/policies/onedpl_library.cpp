// The oneDPL rows' one call, compiled once per oneDPL backend into its own shared library (onedpl_library.hpp says
// why). Which entry this copy exports follows the backend oneDPL really compiled, so a row cannot carry the wrong name.
#include "policies/onedpl_library.hpp"

#include "policybench/workload.hpp"

#include <oneapi/dpl/execution>

namespace policybench {
namespace {

// Calls f(policy object) for the oneDPL policy `p`: each branch instantiates oneDPL's algorithm for one policy type.
template <class F> void visit_policy(onedpl_policy p, F&& f) {
  namespace ex = oneapi::dpl::execution;
  switch (p) {
  case onedpl_policy::seq: return f(ex::seq);
  case onedpl_policy::unseq: return f(ex::unseq);
  case onedpl_policy::par: return f(ex::par);
  case onedpl_policy::par_unseq: break;
  }
  f(ex::par_unseq);
}

void run(onedpl_policy policy, workload_id workload, element_type type, void* out, const void* in, const void* in2,
         std::size_t n, int work) {
  visit_policy(policy, [&](const auto& p) {
    visit_workload_and_type(workload, type, [&](auto w, auto t) {
      using T = decltype(t);
      const operands<T> a{static_cast<T*>(out), static_cast<const T*>(in), static_cast<const T*>(in2), n};
      run_workload<decltype(w)>(p, a, work);
    });
  });
}

void census(onedpl_policy policy, int* out, std::size_t n, int (*probe)()) {
  visit_policy(policy,
               [&](const auto& p) { backend::transform(p, out, out + n, out, [probe](int) { return probe(); }); });
}

constexpr onedpl_library library{.backend = onedpl_backend(), .run = run, .census = census};

} // namespace

#if _ONEDPL_PAR_BACKEND_TBB
const onedpl_library& onedpl_on_tbb() { return library; }
#elif _ONEDPL_PAR_BACKEND_OPENMP
const onedpl_library& onedpl_on_openmp() { return library; }
#else
#error "oneDPL compiled neither its oneTBB nor its OpenMP backend: check ONEDPL_USE_*_BACKEND"
#endif

} // namespace policybench
