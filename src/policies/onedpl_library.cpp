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

void increment(onedpl_policy policy, element_type type, void* first, std::size_t n, int work) {
  visit_policy(policy, [&](const auto& p) {
    visit_element_type(type, [&]<class T>() {
      T* const begin = static_cast<T*>(first);
      increment_all(p, begin, begin + n, work);
    });
  });
}

void census(onedpl_policy policy, int* out, std::size_t n, int (*probe)()) {
  visit_policy(policy,
               [&](const auto& p) { backend::transform(p, out, out + n, out, [probe](int) { return probe(); }); });
}

constexpr onedpl_library library{.backend = onedpl_backend(), .increment = increment, .census = census};

} // namespace

#if _ONEDPL_PAR_BACKEND_TBB
const onedpl_library& onedpl_on_tbb() { return library; }
#elif _ONEDPL_PAR_BACKEND_OPENMP
const onedpl_library& onedpl_on_openmp() { return library; }
#else
#error "oneDPL compiled neither its oneTBB nor its OpenMP backend: check ONEDPL_USE_*_BACKEND"
#endif

} // namespace policybench
