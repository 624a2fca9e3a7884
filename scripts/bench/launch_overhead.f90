! launch_overhead: the host cost of one kernel launch through the Fortran
! runtime (fortran/forocl_cl.f90), for scripts/bench/port-overhead.sh. A
! kernel that does no work is launched n times (default 20000) with its 8
! arguments set before each launch, as a generated procedure sets them,
! once with the same values each time and once with a buffer that changes
! every launch; it prints the host time per launch (the enqueue, before the
! queue is drained) and with the device's work (after forocl_finish).
!
!   gfortran -O2 fortran/forocl_cl.f90 scripts/bench/launch_overhead.f90 -lOpenCL
!   FOROCL_DEVICE=... ./a.out [n]
program launch_overhead
  use forocl_cl
  use, intrinsic :: iso_c_binding, only: c_int32_t, c_double
  use, intrinsic :: iso_fortran_env, only: int64
  implicit none
  character(len=*), parameter :: src = &
      '__kernel void nop(int a, int b, int c, int d, double s, __global double* x, ' // &
      '__global double* y, __global double* z) { if (a < 0) x[0] = s; }'
  type(forocl_program) :: prog
  type(forocl_kernel) :: k
  type(forocl_array) :: x, y, z
  integer :: n, i, ios
  character(len=32) :: arg
  real(c_double) :: enq, total
  n = 20000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *, iostat=ios) n
    if (ios /= 0 .or. n < 1) n = 20000
  end if
  call forocl_build(prog, src, '')
  call forocl_kernel_create(k, prog, 'nop')
  call forocl_alloc(x, forocl_real8, [1024])
  call forocl_alloc(y, forocl_real8, [1024])
  call forocl_alloc(z, forocl_real8, [1024])
  call run(.false., 200, enq, total)   ! warm-up
  call run(.false., n, enq, total)
  print '(a, i0, a, 2f10.3)', 'same arguments, ', n, ' launches: host us/launch (enqueue, with device)', &
      enq, total
  call run(.true., n, enq, total)
  print '(a, i0, a, 2f10.3)', 'one buffer changes, ', n, ' launches: host us/launch (enqueue, with device)', &
      enq, total
  call forocl_finish()

contains

  ! run launches nop n times; swap: the buffer arguments 5 and 6 trade
  ! places each launch. enq: microseconds per launch until the last is
  ! enqueued; total: until the device has run them all.
  subroutine run(swap, n, enq, total)
    logical, intent(in) :: swap
    integer, intent(in) :: n
    real(c_double), intent(out) :: enq, total
    integer(int64) :: t0, t1, t2, rate
    call forocl_finish()
    call system_clock(t0, rate)
    do i = 1, n
      call forocl_set_arg(k, 0, 1_c_int32_t)
      call forocl_set_arg(k, 1, 2_c_int32_t)
      call forocl_set_arg(k, 2, 3_c_int32_t)
      call forocl_set_arg(k, 3, 4_c_int32_t)
      call forocl_set_arg(k, 4, 0.5_c_double)
      if (swap .and. mod(i, 2) == 0) then
        call forocl_set_arg(k, 5, y)
        call forocl_set_arg(k, 6, x)
      else
        call forocl_set_arg(k, 5, x)
        call forocl_set_arg(k, 6, y)
      end if
      call forocl_set_arg(k, 7, z)
      call forocl_launch(k, [32], [32])
    end do
    call system_clock(t1)
    call forocl_finish()
    call system_clock(t2)
    enq = real(t1 - t0, c_double)/rate*1d6/n
    total = real(t2 - t0, c_double)/rate*1d6/n
  end subroutine run
end program launch_overhead
