// Caches, cores, NUMA nodes and cpuset read from an hwloc topology: this host's, or an XML export of another.
#include "machine/host_info.hpp"

#include <hwloc.h>

#include <cstdlib>
#include <memory>

namespace policybench {
namespace {

using topology_handle =
    std::unique_ptr<hwloc_topology, decltype([](hwloc_topology_t t) { hwloc_topology_destroy(t); })>;
using bitmap = std::unique_ptr<hwloc_bitmap_s, decltype([](hwloc_bitmap_t b) { hwloc_bitmap_free(b); })>;

// This host when `xml` is null. Without flags hwloc leaves out the CPUs the cgroup forbids.
topology_handle load(const char* xml) {
  hwloc_topology_t t = nullptr;
  if (hwloc_topology_init(&t) != 0) return nullptr;
  topology_handle owned(t);
  if ((xml && hwloc_topology_set_xml(t, xml) != 0) || hwloc_topology_load(t) != 0) return nullptr;
  return owned;
}

std::optional<topology> describe(hwloc_topology_t t, hwloc_const_cpuset_t run) {
  const hwloc_obj_t first = hwloc_get_obj_inside_cpuset_by_type(t, run, HWLOC_OBJ_PU, 0);
  if (!first) return std::nullopt;
  topology out;
  // hwloc's L1 type is the data (or unified) cache; instruction caches are a type of their own.
  for (hwloc_obj_t up = first->parent; up; up = up->parent) {
    if (up->type == HWLOC_OBJ_L1CACHE) out.l1d_cache_bytes = up->attr->cache.size;
    if (up->type == HWLOC_OBJ_L2CACHE) out.l2_cache_bytes = up->attr->cache.size;
  }
  // From the highest level down: the first level the run's CPUs reach is the last-level cache.
  for (const hwloc_obj_type_t level :
       {HWLOC_OBJ_L5CACHE, HWLOC_OBJ_L4CACHE, HWLOC_OBJ_L3CACHE, HWLOC_OBJ_L2CACHE, HWLOC_OBJ_L1CACHE}) {
    for (hwloc_obj_t cache = nullptr; (cache = hwloc_get_next_obj_by_type(t, level, cache));)
      if (hwloc_bitmap_intersects(cache->cpuset, run)) {
        out.llc_bytes += cache->attr->cache.size;
        ++out.llc_instances;
      }
    if (out.llc_instances > 0) break;
  }
  for (hwloc_obj_t core = nullptr; (core = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_CORE, core));)
    out.physical_cores += hwloc_bitmap_intersects(core->cpuset, run);
  for (hwloc_obj_t node = nullptr; (node = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_NUMANODE, node));)
    out.numa_nodes.push_back(int(node->os_index));
  char* list = nullptr;
  if (hwloc_bitmap_list_asprintf(&list, run) >= 0) out.cpuset = list;
  std::free(list);
  return out;
}

// The topology of `t` for its allowed CPUs that are also in `wanted`.
std::optional<topology> describe_allowed(hwloc_topology_t t, hwloc_const_cpuset_t wanted) {
  const bitmap run(hwloc_bitmap_alloc());
  if (!run) return std::nullopt;
  hwloc_bitmap_and(run.get(), wanted, hwloc_topology_get_allowed_cpuset(t));
  return describe(t, run.get());
}

} // namespace

std::optional<topology> host_topology() {
  const topology_handle t = load(nullptr);
  const bitmap bound(hwloc_bitmap_alloc());
  // HWLOC_XMLFILE or HWLOC_SYNTHETIC in the environment make hwloc describe another machine: not this run's.
  if (!t || !bound || !hwloc_topology_is_thissystem(t.get())) return std::nullopt;
  // Every thread's binding, OR-ed: before the runtimes start their workers, the main thread's affinity mask.
  if (hwloc_get_cpubind(t.get(), bound.get(), HWLOC_CPUBIND_PROCESS) != 0)
    hwloc_bitmap_copy(bound.get(), hwloc_topology_get_allowed_cpuset(t.get()));
  return describe_allowed(t.get(), bound.get());
}

std::optional<topology> xml_topology(const std::filesystem::path& xml, std::string_view cpus) {
  const topology_handle t = load(xml.c_str());
  const bitmap wanted(hwloc_bitmap_alloc());
  if (!t || !wanted) return std::nullopt;
  if (cpus.empty())
    hwloc_bitmap_copy(wanted.get(), hwloc_topology_get_allowed_cpuset(t.get()));
  else if (hwloc_bitmap_list_sscanf(wanted.get(), std::string(cpus).c_str()) != 0)
    return std::nullopt;
  return describe_allowed(t.get(), wanted.get());
}

} // namespace policybench
