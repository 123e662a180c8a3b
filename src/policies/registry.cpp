// THE registry: one row per execution policy, in table order. Adding a policy is one row here (a device policy also
// needs its function: policies/device_policies.hpp). The host rows are the one call, increment_all, under each policy.
// And choosing policies by name: the registry's order is kept, and a misspelt name is answered with the closest one.
#include "policies/registry.hpp"

#include "policies/entry.hpp"
#include "policies/onedpl_library.hpp"
#include "policybench/workload.hpp"

#include <thrust/system/cpp/execution_policy.h>
#include <thrust/system/omp/execution_policy.h>
#include <thrust/system/tbb/execution_policy.h>

#include <algorithm>
#include <execution>
#include <numeric>
#include <string_view>
#include <type_traits>

namespace policybench {
namespace {

// A host row's apply: the one call under `policy`.
template <class Policy> auto one_call(Policy policy) {
  return [policy](auto first, auto last, int work) { increment_all(policy, first, last, work); };
}

constexpr const char* no_openmp = "built without OpenMP (no OpenMP found by CMake)";

// Without -fopenmp CCCL refuses to compile Thrust's OpenMP algorithms (a static_assert): listed, never built.
template <class Apply> policy_entry openmp_entry(std::string name, std::string backend, Apply apply) {
#if defined(_OPENMP)
  return host_entry(std::move(name), std::move(backend), host_threading::openmp, apply);
#else
  (void)apply;
  return host_stream(std::move(name), std::move(backend) + " (no OpenMP)", nullptr, no_openmp);
#endif
}

// A oneDPL row: the call in its backend's own shared library (policies/onedpl_library.hpp), which the backend column
// names as that library reports it; without the library, the reason.
policy_entry onedpl_entry(std::string name, const onedpl_library* library, onedpl_policy policy,
                          host_threading threading, const char* missing) {
  if (!library) return host_stream(std::move(name), "oneDPL", nullptr, missing);
  std::string backend = std::string("oneDPL on ") + library->backend;
  if (policy == onedpl_policy::seq) backend = "oneDPL (sequential)";
  if (policy == onedpl_policy::unseq) backend = "oneDPL (vectorized, 1 thread)";
  return host_entry(std::move(name), std::move(backend), threading, [library, policy](auto first, auto last, int work) {
    using T = std::remove_pointer_t<decltype(first)>;
    library->increment(policy, element_type_of<T>, first, static_cast<std::size_t>(last - first), work);
  });
}

constexpr const char* no_onedpl = "oneDPL not found at configure time (scripts/install-deps.sh installs it)";
constexpr const char* no_onedpl_openmp = POLICYBENCH_HAVE_ONEDPL ? no_openmp : no_onedpl;

// Levenshtein distance, case-insensitive: "std::par_unsq" -> "std::par_unseq" is 1.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t(0));
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0]++;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitute = diagonal + (lower(a[i - 1]) != lower(b[j - 1]));
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitute});
    }
  }
  return row[b.size()];
}

[[noreturn]] void unknown(const std::vector<policy_entry>& all, const std::string& name) {
  std::vector<std::string> names;
  std::string valid, suggestion;
  for (const auto& p : all) {
    names.push_back(p.name);
    valid += (valid.empty() ? "" : ", ") + p.name;
    // "oneapi::dpl::par" is every backend's row, not a typo of the nearest other policy (oneapi::dpl::seq).
    if (p.name.starts_with(name + "@")) suggestion += (suggestion.empty() ? "'" : " or '") + p.name + "'";
  }
  if (const auto near = nearest_name(name, names); suggestion.empty() && near) suggestion = "'" + *near + "'";
  throw unknown_policy("unknown policy '" + name + "'; " +
                       (suggestion.empty() ? "" : "did you mean " + suggestion + "? ") + "valid names: " + valid);
}

} // namespace

std::vector<policy_entry> registry(const device_info& device) {
  // A libstdc++ built without <tbb/tbb.h> runs par and par_unseq serially; the backend column says so.
  const std::string pstl = std::string("libstdc++ PSTL on ") + pstl_backend();
  // The threads each row's call runs on, which also first-touch its array.
  constexpr auto one_thread = host_threading::one_thread, onetbb = host_threading::tbb;
  constexpr auto pstl_threads = std::string_view(pstl_backend()) == "oneTBB" ? onetbb : one_thread;
  // oneDPL's two copies, where CMake built them.
#if POLICYBENCH_HAVE_ONEDPL_TBB
  const onedpl_library* const onedpl_tbb = &onedpl_on_tbb();
#else
  const onedpl_library* const onedpl_tbb = nullptr;
#endif
#if POLICYBENCH_HAVE_ONEDPL_OPENMP
  const onedpl_library* const onedpl_openmp = &onedpl_on_openmp();
#else
  const onedpl_library* const onedpl_openmp = nullptr;
#endif
  return {
    host_entry(std::string(baseline_policy), "plain for loop (1 thread)", one_thread, plain_loop{}),
        host_entry("std::seq", "libstdc++ (sequential)", one_thread, one_call(std::execution::seq)),
        host_entry("std::unseq", "libstdc++ (vectorized, 1 thread)", one_thread, one_call(std::execution::unseq)),
        host_entry("std::par", pstl, pstl_threads, one_call(std::execution::par)),
        host_entry(std::string(challenger_policy), pstl, pstl_threads, one_call(std::execution::par_unseq)),
        // The same policies from oneDPL: seq and unseq never reach a parallel backend; par and par_unseq once per
        // backend, named after '@' as Thrust names its systems: the backend is a build choice, not part of the C++
        // name.
        onedpl_entry("oneapi::dpl::seq", onedpl_tbb, onedpl_policy::seq, one_thread, no_onedpl),
        onedpl_entry("oneapi::dpl::unseq", onedpl_tbb, onedpl_policy::unseq, one_thread, no_onedpl),
        onedpl_entry("oneapi::dpl::par@tbb", onedpl_tbb, onedpl_policy::par, onetbb, no_onedpl),
        onedpl_entry("oneapi::dpl::par_unseq@tbb", onedpl_tbb, onedpl_policy::par_unseq, onetbb, no_onedpl),
        onedpl_entry("oneapi::dpl::par@omp", onedpl_openmp, onedpl_policy::par, host_threading::openmp,
                     no_onedpl_openmp),
        onedpl_entry("oneapi::dpl::par_unseq@omp", onedpl_openmp, onedpl_policy::par_unseq, host_threading::openmp,
                     no_onedpl_openmp),
        host_entry("tbb::parallel_for", "oneTBB (auto_partitioner)", onetbb, tbb_parallel_loop{}),
        host_entry("thrust::cpp", "Thrust C++ system (sequential)", one_thread, one_call(thrust::cpp::par)),
        host_entry("thrust::tbb", "Thrust TBB system (oneTBB)", onetbb, one_call(thrust::tbb::par)),
        openmp_entry("thrust::omp", "Thrust OpenMP system", one_call(thrust::omp::par)),
#if POLICYBENCH_HAVE_CUDA
        device_entry("thrust::device", "CUDA (Thrust device system, synchronous)", measure_thrust_device, device),
#else
        // Thrust's portability lesson: the same call, and without nvcc its device system is oneTBB, on the host.
        host_entry("thrust::device", std::string("Thrust device system = ") + thrust_device_system() + " (no nvcc)",
                   onetbb, one_call(thrust::device)),
#endif
        device_entry("thrust::cuda::par_nosync", "CUDA (Thrust par_nosync on a non-blocking stream)",
                     POLICYBENCH_DEVICE_FN(measure_thrust_par_nosync), device),
        // The same call with the functor proclaimed address-independent: the table shows what the wrapper buys.
        device_entry("thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments",
                     "CUDA (Thrust par_nosync, CUB bulk-copy kernel)",
                     POLICYBENCH_DEVICE_FN(measure_thrust_par_nosync_proclaimed), device),
        device_entry("cub::DeviceTransform", "CUB", POLICYBENCH_DEVICE_FN(measure_cub_transform), device),
        device_entry("cuda::kernel", "hand-written CUDA kernel", POLICYBENCH_DEVICE_FN(measure_cuda_kernel), device),
        device_entry("cuda::kernel_grid_stride", "hand-written CUDA kernel (grid-stride, 16-byte vectors)",
                     POLICYBENCH_DEVICE_FN(measure_cuda_kernel_grid_stride), device),
  };
}

std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& names) {
  const auto closest = std::min_element(names.begin(), names.end(), [&](const auto& x, const auto& y) {
    return edit_distance(name, x) < edit_distance(name, y);
  });
  // A suggestion only when it is a plausible typo: at most half of the name differs.
  if (closest == names.end() || 2 * edit_distance(name, *closest) > name.size()) return std::nullopt;
  return *closest;
}

std::vector<policy_entry> select_policies(std::vector<policy_entry> all, const std::vector<std::string>& names) {
  for (const auto& name : names)
    if (std::none_of(all.begin(), all.end(), [&](const auto& p) { return p.name == name; })) unknown(all, name);
  std::erase_if(all, [&](const policy_entry& p) {
    return !names.empty() && std::find(names.begin(), names.end(), p.name) == names.end();
  });
  return all;
}

} // namespace policybench
