// Package mpi binds the few MPI calls that forocl's multi-process runs
// need (`mpirun -np N forocl run ... --mpi`): it loads the MPI C library at
// run time through purego, as clhost loads OpenCL, so forocl needs no cgo
// and no MPI to build. cmd/forocl calls Init and hands the Comm to
// runner.RunSlabs, which exchanges halo planes, folds reductions and
// gathers outputs through it.
//
// See Note [mpi handles].
//
// Note [mpi handles]
//
// MPI's C API fixes the function names but not what a handle is: each
// library's mpi.h defines MPI_Comm, MPI_Datatype and MPI_Op its own way.
// Open MPI makes them pointers to exported structures: MPI_COMM_WORLD is
// &ompi_mpi_comm_world, MPI_BYTE &ompi_mpi_byte, MPI_DOUBLE
// &ompi_mpi_double, MPI_SUM &ompi_mpi_op_sum; its MPI_PROC_NULL is -2,
// MPI_STATUS_IGNORE is NULL and MPI_THREAD_MULTIPLE is 3. forocl reads
// those symbols' addresses from the loaded library, so the handles are
// right for any Open MPI whose libmpi exports them (4.x and 5.x; tested
// with Debian's 4.1). MPICH and its derivatives (Intel MPI, MVAPICH) use
// integer handles with other values; a library without the Open MPI
// symbols is refused with a message rather than called with wrong
// handles. The library is $FOROCL_MPI_LIB when set, else libmpi.so.40
// (Open MPI's soname), else libmpi.so.
package mpi

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/ebitengine/purego"
)

// Open MPI's constants (see Note [mpi handles]).
const (
	procNull       = -2
	threadMultiple = 3
	maxChunk       = 1 << 30 // bytes per message: MPI counts are C ints
)

var fn struct {
	InitThread  func(argc, argv unsafe.Pointer, required int32, provided *int32) int32
	Initialized func(flag *int32) int32
	Finalize    func() int32
	CommRank    func(comm uintptr, rank *int32) int32
	CommSize    func(comm uintptr, size *int32) int32
	Sendrecv    func(sbuf unsafe.Pointer, scount int32, stype uintptr, dest, stag int32, rbuf unsafe.Pointer, rcount int32, rtype uintptr, source, rtag int32, comm uintptr, status unsafe.Pointer) int32
	Send        func(buf unsafe.Pointer, count int32, dtype uintptr, dest, tag int32, comm uintptr) int32
	Recv        func(buf unsafe.Pointer, count int32, dtype uintptr, source, tag int32, comm uintptr, status unsafe.Pointer) int32
	Allgather   func(sbuf unsafe.Pointer, scount int32, stype uintptr, rbuf unsafe.Pointer, rcount int32, rtype uintptr, comm uintptr) int32
	Allreduce   func(sbuf, rbuf unsafe.Pointer, count int32, dtype, op, comm uintptr) int32
	Abort       func(comm uintptr, code int32) int32
}

// handles are the addresses of Open MPI's predefined objects.
var handles struct {
	world, byteT, doubleT, opMax, opMin, opSum uintptr
}

var (
	loadOnce sync.Once
	loadErr  error
)

// libraryNames are the libraries tried, in order.
func libraryNames() []string {
	if p := os.Getenv("FOROCL_MPI_LIB"); p != "" {
		return []string{p}
	}
	return []string{"libmpi.so.40", "libmpi.so"}
}

func load() error {
	loadOnce.Do(func() { loadErr = doLoad() })
	return loadErr
}

func doLoad() error {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" && runtime.GOOS != "freebsd" {
		return fmt.Errorf("MPI is not supported on %s", runtime.GOOS)
	}
	var lib uintptr
	var name string
	for _, n := range libraryNames() {
		// RTLD_GLOBAL: Open MPI's components, loaded by libmpi itself,
		// look its symbols up globally.
		if h, err := purego.Dlopen(n, purego.RTLD_NOW|purego.RTLD_GLOBAL); err == nil && h != 0 {
			lib, name = h, n
			break
		}
	}
	if lib == 0 {
		return fmt.Errorf("no MPI library found (tried %v); on Debian: apt-get install openmpi-bin libopenmpi-dev, or set FOROCL_MPI_LIB to Open MPI's libmpi.so", libraryNames())
	}
	sym := func(s string) (uintptr, error) {
		p, err := purego.Dlsym(lib, s)
		if err != nil || p == 0 {
			return 0, fmt.Errorf("%s lacks %s", name, s)
		}
		return p, nil
	}
	for _, h := range []struct {
		name string
		dst  *uintptr
	}{
		{"ompi_mpi_comm_world", &handles.world}, {"ompi_mpi_byte", &handles.byteT}, {"ompi_mpi_double", &handles.doubleT},
		{"ompi_mpi_op_max", &handles.opMax}, {"ompi_mpi_op_min", &handles.opMin}, {"ompi_mpi_op_sum", &handles.opSum},
	} {
		p, err := sym(h.name)
		if err != nil {
			return fmt.Errorf("%s is not Open MPI (%v); forocl supports Open MPI 4 and 5 (see Note [mpi handles]): set FOROCL_MPI_LIB to its libmpi.so", name, err)
		}
		*h.dst = p
	}
	for _, f := range []struct {
		name string
		fn   any
	}{
		{"MPI_Init_thread", &fn.InitThread}, {"MPI_Initialized", &fn.Initialized}, {"MPI_Finalize", &fn.Finalize},
		{"MPI_Comm_rank", &fn.CommRank}, {"MPI_Comm_size", &fn.CommSize}, {"MPI_Sendrecv", &fn.Sendrecv},
		{"MPI_Send", &fn.Send}, {"MPI_Recv", &fn.Recv}, {"MPI_Allgather", &fn.Allgather},
		{"MPI_Allreduce", &fn.Allreduce}, {"MPI_Abort", &fn.Abort},
	} {
		p, err := sym(f.name)
		if err != nil {
			return err
		}
		purego.RegisterFunc(f.fn, p)
	}
	return nil
}

// Launched reports whether this process was started by an MPI launcher
// (mpirun, mpiexec, srun): the launcher's rank variables are set.
func Launched() bool {
	for _, v := range []string{"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"} {
		if os.Getenv(v) != "" {
			return true
		}
	}
	return false
}

// LaunchedRank is this process's rank and the number of ranks as the
// launcher set them (OMPI_COMM_WORLD_RANK and _SIZE, else PMI_RANK and
// PMI_SIZE), before Init; ok is false when no launcher says both. Messages
// printed before Init carry them (see Comm.Abort).
func LaunchedRank() (rank, size int, ok bool) {
	for _, v := range [][2]string{{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"}, {"PMI_RANK", "PMI_SIZE"}} {
		r, err1 := strconv.Atoi(os.Getenv(v[0]))
		n, err2 := strconv.Atoi(os.Getenv(v[1]))
		if err1 == nil && err2 == nil && r >= 0 && r < n {
			return r, n, true
		}
	}
	return 0, 0, false
}

// localRankVars are the launchers' variables for a rank's place among
// the ranks of its host, in the order LocalRank reads them: Open MPI's,
// then those of Hydra, Slurm's srun, PMI launchers, MVAPICH and Cray's
// PALS.
var localRankVars = []string{"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID", "PMI_LOCAL_RANK", "MV2_COMM_WORLD_LOCAL_RANK", "PALS_LOCAL_RANKID"}

// LocalRank is this process's rank among the ranks of its host, from the
// launcher (localRankVars), or -1 when none says.
func LocalRank() int {
	for _, v := range localRankVars {
		if n, err := strconv.Atoi(os.Getenv(v)); err == nil && n >= 0 {
			return n
		}
	}
	return -1
}

// Comm is MPI_COMM_WORLD after Init. Its calls are made from one goroutine
// at a time (forocl's host is one goroutine); each one that waits for
// other ranks is guarded by Timeout.
type Comm struct {
	rank, size int
	// Timeout, when positive, ends every rank (MPI_Abort) when a call
	// that waits for other ranks has not returned after it: a rank that
	// hangs or died without aborting cannot hang the others.
	Timeout time.Duration
	// Stderr receives the messages of Abort (os.Stderr when nil).
	Stderr *os.File
}

// Init loads the MPI library and initialises MPI (MPI_Init_thread asking
// for MPI_THREAD_MULTIPLE, so that a watchdog may call MPI_Abort while a
// call waits). Call it once; Finalize at the end.
func Init() (*Comm, error) {
	if err := load(); err != nil {
		return nil, err
	}
	var done int32
	if code := fn.Initialized(&done); code != 0 {
		return nil, mpiErr("MPI_Initialized", code)
	}
	if done != 0 {
		return nil, errors.New("MPI is already initialised")
	}
	var provided int32
	if code := fn.InitThread(nil, nil, threadMultiple, &provided); code != 0 {
		return nil, mpiErr("MPI_Init_thread", code)
	}
	if provided < threadMultiple {
		// Without MPI_THREAD_MULTIPLE every call must come from one
		// thread: keep this goroutine on its thread.
		runtime.LockOSThread()
	}
	var rank, size int32
	if code := fn.CommRank(handles.world, &rank); code != 0 {
		return nil, mpiErr("MPI_Comm_rank", code)
	}
	if code := fn.CommSize(handles.world, &size); code != 0 {
		return nil, mpiErr("MPI_Comm_size", code)
	}
	return &Comm{rank: int(rank), size: int(size), Timeout: 10 * time.Minute}, nil
}

func mpiErr(op string, code int32) error {
	return fmt.Errorf("%s failed with MPI error %d", op, code)
}

// Rank is this process's rank in MPI_COMM_WORLD.
func (c *Comm) Rank() int { return c.rank }

// Size is the number of ranks.
func (c *Comm) Size() int { return c.size }

// Finalize ends MPI (MPI_Finalize). The process may not call MPI again.
func (c *Comm) Finalize() error {
	if code := fn.Finalize(); code != 0 {
		return mpiErr("MPI_Finalize", code)
	}
	return nil
}

// Abort prints "forocl: rank R: msg" and ends every rank with code
// (MPI_Abort), then this process, should MPI_Abort return.
func (c *Comm) Abort(code int, msg string) {
	w := c.Stderr
	if w == nil {
		w = os.Stderr
	}
	fmt.Fprintf(w, "forocl: rank %d of %d: %s; ending every rank\n", c.rank, c.size, msg)
	fn.Abort(handles.world, int32(code))
	os.Exit(code)
}

// guard runs call, aborting every rank when it takes longer than
// c.Timeout.
func (c *Comm) guard(what string, call func() int32) error {
	if c.Timeout > 0 {
		t := time.AfterFunc(c.Timeout, func() {
			c.Abort(1, fmt.Sprintf("%s: no answer from the other ranks in %v (a rank failed or hangs)", what, c.Timeout))
		})
		defer t.Stop()
	}
	if code := call(); code != 0 {
		return mpiErr(what, code)
	}
	return nil
}

func ptr(b []byte) unsafe.Pointer {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Pointer(&b[0])
}

// Exchange sends sendHigh to rank+1 and sendLow to rank-1 and receives
// recvLow from rank-1 and recvHigh from rank+1 (MPI_Sendrecv, twice); a
// nil slice sends to or receives from nobody (MPI_PROC_NULL). Each slice
// is below maxChunk bytes (halo planes).
func (c *Comm) Exchange(sendLow, sendHigh, recvLow, recvHigh []byte) error {
	for _, b := range [][]byte{sendLow, sendHigh, recvLow, recvHigh} {
		if len(b) > maxChunk {
			return fmt.Errorf("halo of %d bytes is larger than one message (%d bytes)", len(b), maxChunk)
		}
	}
	peer := func(b []byte, r int) int32 {
		if b == nil || r < 0 || r >= c.size {
			return procNull
		}
		return int32(r)
	}
	up := func() int32 {
		return fn.Sendrecv(ptr(sendHigh), int32(len(sendHigh)), handles.byteT, peer(sendHigh, c.rank+1), 1,
			ptr(recvLow), int32(len(recvLow)), handles.byteT, peer(recvLow, c.rank-1), 1, handles.world, nil)
	}
	down := func() int32 {
		return fn.Sendrecv(ptr(sendLow), int32(len(sendLow)), handles.byteT, peer(sendLow, c.rank-1), 2,
			ptr(recvHigh), int32(len(recvHigh)), handles.byteT, peer(recvHigh, c.rank+1), 2, handles.world, nil)
	}
	if err := c.guard("MPI_Sendrecv", up); err != nil {
		return err
	}
	err := c.guard("MPI_Sendrecv", down)
	runtime.KeepAlive(sendLow)
	runtime.KeepAlive(sendHigh)
	return err
}

// Allgather gathers every rank's send (all of one length) into recv, in
// rank order (MPI_Allgather).
func (c *Comm) Allgather(send, recv []byte) error {
	if len(recv) != len(send)*c.size || len(send) > maxChunk {
		return fmt.Errorf("allgather of %d bytes from %d ranks into %d bytes", len(send), c.size, len(recv))
	}
	err := c.guard("MPI_Allgather", func() int32 {
		return fn.Allgather(ptr(send), int32(len(send)), handles.byteT, ptr(recv), int32(len(send)), handles.byteT, handles.world)
	})
	runtime.KeepAlive(send)
	runtime.KeepAlive(recv)
	return err
}

// Op is a reduction operator of Allreduce.
type Op int

const (
	Sum Op = iota
	Max
	Min
)

// Allreduce combines every rank's values element-wise with op and gives
// the result to every rank (MPI_Allreduce on doubles). For Max and Min the
// result does not depend on the order the library combines in.
func (c *Comm) Allreduce(vals []float64, op Op) ([]float64, error) {
	h := map[Op]uintptr{Sum: handles.opSum, Max: handles.opMax, Min: handles.opMin}[op]
	out := make([]float64, len(vals))
	if len(vals) == 0 {
		return out, nil
	}
	err := c.guard("MPI_Allreduce", func() int32 {
		return fn.Allreduce(unsafe.Pointer(&vals[0]), unsafe.Pointer(&out[0]), int32(len(vals)), handles.doubleT, h, handles.world)
	})
	runtime.KeepAlive(vals)
	return out, err
}

// Send sends b to rank to (MPI_Send, in messages of at most maxChunk
// bytes); the matching Recv takes the same length.
func (c *Comm) Send(to int, b []byte) error {
	for len(b) > 0 {
		n := min(len(b), maxChunk)
		part := b[:n]
		if err := c.guard("MPI_Send", func() int32 {
			return fn.Send(ptr(part), int32(n), handles.byteT, int32(to), 3, handles.world)
		}); err != nil {
			return err
		}
		runtime.KeepAlive(part)
		b = b[n:]
	}
	return nil
}

// Recv fills b from rank from (MPI_Recv, as Send sent it).
func (c *Comm) Recv(from int, b []byte) error {
	for len(b) > 0 {
		n := min(len(b), maxChunk)
		part := b[:n]
		if err := c.guard("MPI_Recv", func() int32 {
			return fn.Recv(ptr(part), int32(n), handles.byteT, int32(from), 3, handles.world, nil)
		}); err != nil {
			return err
		}
		runtime.KeepAlive(part)
		b = b[n:]
	}
	return nil
}
