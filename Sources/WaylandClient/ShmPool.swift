import CLinux
import CWaylandClient
import Glibc

/// `bytes` of memory shared with the compositor: a memfd named `name`, mapped here and offered as a `wl_shm_pool`
/// on `shm` (the fd is closed once the pool has it). Nil when the memory, its map or the pool cannot be had (nothing
/// is left behind). The caller destroys the pool and unmaps the memory.
func makeShmPool(_ shm: OpaquePointer, bytes: Int,
                 name: String) -> (pool: OpaquePointer, memory: UnsafeMutableRawPointer)? {
    let fd = momentum_memfd(name)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    guard ftruncate(fd, off_t(bytes)) == 0,
          let map = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
        return nil
    }
    guard let pool = wl_shm_create_pool(shm, fd, Int32(clamping: bytes)) else {
        munmap(map, bytes)
        return nil
    }
    return (pool, map)
}
