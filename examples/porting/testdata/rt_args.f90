! rt_args: kernel arguments through the runtime (runtime_test.go's
! TestRuntimeArgsKept): an argument set again to the value it has is kept
! (no clSetKernelArg), a buffer released and another created in its place
! is set again, and a copy of a kernel shares what its original set.
program rt_args
  use forocl_cl
  use, intrinsic :: iso_c_binding, only: c_double
  implicit none
  character(len=*), parameter :: src = &
      '__kernel void put(__global double* x, double v) { x[get_global_id(0)] = v; }'
  type(forocl_program) :: prog
  type(forocl_kernel) :: k, k2
  type(forocl_array) :: a, b
  real(c_double) :: h(4)
  call forocl_build(prog, src, '')
  call forocl_kernel_create(k, prog, 'put')
  call forocl_alloc(a, forocl_real8, [4])
  call put(k, a, 1.0_c_double)     ! both set
  call put(k, a, 1.0_c_double)     ! both kept
  call put(k, a, 2.0_c_double)     ! the value set
  call forocl_read(a, h)
  print '(a, 4f5.1)', 'a', h
  call forocl_free(a)
  call forocl_alloc(b, forocl_real8, [4])
  call put(k, b, 2.0_c_double)     ! the buffer set (it may have a's handle), the value kept
  call forocl_read(b, h)
  print '(a, 4f5.1)', 'b', h
  k2 = k
  call put(k2, b, 3.0_c_double)    ! the value set
  call put(k, b, 3.0_c_double)     ! both kept: k2 is k
  call forocl_read(b, h)
  print '(a, 4f5.1)', 'b', h
  call forocl_finish()

contains

  subroutine put(k, x, v)
    type(forocl_kernel), intent(in) :: k
    type(forocl_array), intent(in) :: x
    real(c_double), intent(in) :: v
    call forocl_set_arg(k, 0, x)
    call forocl_set_arg(k, 1, v)
    call forocl_launch(k, [4], [4])
  end subroutine put
end program rt_args
