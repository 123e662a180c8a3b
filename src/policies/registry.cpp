// THE registry: one row per execution policy, in table order (a host policy's one call: policies/policy_rows.hpp;
// the device rows: device_rows in registry.hpp, their calls in the .cuh files beside it); the ceilings' rows; choosing
// rows by name.
#include "policies/registry.hpp"

#include "policies/onedpl_library.hpp"
#include "policies/policy_rows.hpp"
#include "policybench/workload.hpp"

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <type_traits>
#include <utility>

namespace policybench {
namespace {

// A oneDPL row: the call in its backend's own shared library, named as that library reports it.
policy_entry onedpl_entry(std::string name, const onedpl_library* library, onedpl_policy policy,
                          host_threading threading, const char* missing) {
  if (!library) return host_stream(std::move(name), "oneDPL", nullptr, missing);
  std::string backend = std::string("oneDPL on ") + library->backend;
  if (policy == onedpl_policy::seq) backend = "oneDPL (sequential)";
  if (policy == onedpl_policy::unseq) backend = "oneDPL (vectorized, 1 thread)";
  return host_entry(std::move(name), std::move(backend), threading, [library, policy](auto w, auto a, int work) {
    using T = std::remove_pointer_t<decltype(a.out)>;
    library->run(policy, decltype(w)::id, element_type_of<T>, a.out, a.in, a.in2, a.n, work);
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

// One huge page per dynamic chunk: small enough to balance, large enough that handing chunks out costs nothing.
constexpr std::size_t dynamic_chunk_bytes = std::size_t(2) << 20;

enum class schedule { static_split, dynamic_chunks, tbb_stealing, one_thread };

// The update `op` (the in-place increment, or uneven work's own op; the triad) at K = 1, measured as the policies'
// calls are: the bound of a row of that shape. The splits run on the ceilings' pinned threads; tbb_stealing as the
// policies on oneTBB schedule, so that no policy outruns the bound by its schedule alone.
policy_entry ceiling_split(std::string name, std::string backend, schedule how, workload_id op) {
  const host_threading threads = how == schedule::one_thread     ? host_threading::one_thread
                                 : how == schedule::tbb_stealing ? host_threading::tbb
                                                                 : ceiling_threading();
  policy_entry e = host_entry(std::move(name), std::move(backend), threads, [how](auto w, auto a, int work) {
    using W = decltype(w);
    using T = std::remove_pointer_t<decltype(a.out)>;
    const auto update = [&](std::size_t begin, std::size_t end) {
      run_workload<W>(loop_policy{}, slice(a, begin, end), work);
    };
    if (how == schedule::static_split) for_each_static_chunk(a.n, ceiling_threading(), update);
    if (how == schedule::dynamic_chunks)
      for_each_dynamic_chunk(a.n, dynamic_chunk_bytes / sizeof(T), ceiling_threading(), update);
    if (how == schedule::tbb_stealing)
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, a.n),
                        [&](const tbb::blocked_range<std::size_t>& r) { update(r.begin(), r.end()); });
    if (how == schedule::one_thread) update(0, a.n);
  });
  e.measure = [measure = std::move(e.measure), how, op](run_config cfg) {
    // The thread that first touched a page keeps updating it (not for oneTBB's workers: the calling thread, pinned
    // to one CPU, would take part in the calls).
    std::optional<pinned_openmp_threads> pinned;
    if (how != schedule::tbb_stealing) pinned.emplace();
    // Uneven work's own op in place, so that the static split shows the imbalance the policies' partitioners meet.
    const workload_id asked = cfg.workload;
    if (op != workload_id::increment || asked != workload_id::uneven) cfg.work = 1, cfg.workload = op;
    measurement m = measure(cfg);
    if (cfg.workload != asked) m.bytes_per_call = cfg.bytes_per_call(); // op's bytes, not the run's
    return m;
  };
  return e;
}

#if POLICYBENCH_HAVE_CUDA
// The grid-stride kernel row at K = 1 without its end-to-end views: the bytes the rows move, the least arithmetic (the
// run's workload: the increment, uneven work's op or the triad, ceiling_streams's choice).
measurement device_in_place(const run_config& cfg) {
  run_config one = cfg;
  one.work = 1, one.end_to_end = false;
  return measure_cuda_kernel_grid_stride<builtin_workloads>(one);
}
#endif

} // namespace

std::vector<policy_entry> onedpl_rows() {
  constexpr auto one_thread = host_threading::one_thread, onetbb = host_threading::tbb;
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
  // The C++ policies from oneDPL: seq and unseq never reach a parallel backend; par and par_unseq once per backend,
  // named after '@' as Thrust names its systems: the backend is a build choice, not part of the C++ name.
  return {
      onedpl_entry("oneapi::dpl::seq", onedpl_tbb, onedpl_policy::seq, one_thread, no_onedpl),
      onedpl_entry("oneapi::dpl::unseq", onedpl_tbb, onedpl_policy::unseq, one_thread, no_onedpl),
      onedpl_entry("oneapi::dpl::par@tbb", onedpl_tbb, onedpl_policy::par, onetbb, no_onedpl),
      onedpl_entry("oneapi::dpl::par_unseq@tbb", onedpl_tbb, onedpl_policy::par_unseq, onetbb, no_onedpl),
      onedpl_entry("oneapi::dpl::par@omp", onedpl_openmp, onedpl_policy::par, host_threading::openmp, no_onedpl_openmp),
      onedpl_entry("oneapi::dpl::par_unseq@omp", onedpl_openmp, onedpl_policy::par_unseq, host_threading::openmp,
                   no_onedpl_openmp),
  };
}

std::vector<policy_entry> registry(const device_info& device) {
  return policy_rows<builtin_workloads>(onedpl_rows(), device_rows(device));
}

std::vector<policy_entry> ceiling_streams(const device_info& device, int work, workload_id workload) {
  const std::string pinned = std::string(to_string(ceiling_threading())) + ", pinned threads";
  constexpr auto bandwidth = ceiling_bound::bandwidth, compute = ceiling_bound::compute, none = ceiling_bound::none;
  const ceiling_shape shape = shape_of(workload);
  const bool increment = workload == workload_id::increment;
  std::vector<policy_entry> out;
  // A ceiling runs where it bounds the run's rows (its shape) or stands beside the increment's (STREAM's references,
  // the roofline's compute roof at K > 1).
  const auto add = [&out](bool runs, std::string key, ceiling_bound bound, policy_entry e) {
    e.role = stream_role::ceiling, e.bound = bound, e.key = std::move(key);
    if (runs) out.push_back(std::move(e));
  };
  // The in-place update and the triad on the same schedules (the triad's one-thread row aside): the bound of a row of
  // either shape is its fastest. `word`: as environment.ceilings.host_in_place_schedule names it.
  const struct {
    schedule how;
    const char *key, *label, *word;
    std::string backend;
  } splits[] = {
      {schedule::static_split, "static", "static", "static", pinned + ", static split"},
      {schedule::dynamic_chunks, "dynamic", "dynamic", "dynamic", pinned + ", 2 MiB chunks as threads free up"},
      {schedule::tbb_stealing, "tbb", "oneTBB", "tbb", "oneTBB auto_partitioner, as the PSTL on oneTBB"},
      {schedule::one_thread, "one_thread", "1 thread", "one thread", "the calling thread alone"},
  };
  const bool triad = shape == ceiling_shape::triad;
  for (const auto& [how, key, label, word, backend] : splits) {
    policy_entry e = ceiling_split(std::string(triad ? "host triad (" : "host in place (") + label + ")",
                                   triad ? backend + ", a = b + 3 c" : backend, how,
                                   triad ? workload_id::triad : workload_id::increment);
    e.schedule = word;
    add(shape == ceiling_shape::in_place || (triad && how != schedule::one_thread),
        std::string(triad ? "host_triad_" : "host_in_place_") + key, bandwidth, std::move(e));
  }
  add(increment, "host_copy", none,
      host_stream("host STREAM copy", pinned + ", b[i] = a[i]",
                  [](const run_config& cfg) { return measure_host_copy_stream(cfg, false); }));
  // A user's op of one input has no in-place stream's shape but this one's: its only bandwidth ceiling. The stream
  // runs between the halves of one array; for the op it is of twice --size, so that it moves the op's two arrays.
  const bool scale = shape == ceiling_shape::scale;
  policy_entry scale_stream = host_stream("host STREAM scale", pinned + ", b[i] = 3 a[i]", [scale](run_config cfg) {
    if (scale) cfg.size *= 2;
    return measure_host_copy_stream(cfg, true);
  });
  scale_stream.schedule = "static";
  add(increment || scale, "host_scale", scale ? bandwidth : none, std::move(scale_stream));
  add(shape == ceiling_shape::compute || (increment && work > 1), "host_compute", compute,
      host_stream("host FMA chains", pinned + ", 12 independent FMA chains per thread", measure_host_compute));
  // The grid-stride kernel on the run's workload at K = 1: in place for the increment and uneven work's own op (as the
  // host's in-place ceiling runs it), the triad for a row of its shape.
  add(shape == ceiling_shape::in_place || triad, triad ? "device_triad" : "device_in_place", bandwidth,
      device_entry(triad ? "device triad" : "device in place",
                   std::string("grid-stride kernel, 16-byte vectors, resident grid") + (triad ? ", a = b + 3 c" : ""),
                   POLICYBENCH_DEVICE_FN(device_in_place), device));
  add(increment, "device_copy", none,
      device_entry("device D2D copy", "cudaMemcpyAsync device to device", POLICYBENCH_DEVICE_FN(measure_device_copy),
                   device));
  add(shape == ceiling_shape::compute || (increment && work > 1), "device_compute", compute,
      device_entry("device FMA chains", "8 independent FMA chains per thread, 4 resident waves",
                   POLICYBENCH_DEVICE_FN(measure_device_compute), device));
  return out;
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
