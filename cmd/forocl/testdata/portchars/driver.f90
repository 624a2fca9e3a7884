program driver
  use label_kernel_mod, only: label_kernel
  implicit none
  integer, parameter :: n = 37
  real(8) :: a(n), b(n)
  character(len=8) :: tag
  character(:), allocatable :: name
  integer :: i, step
  do i = 1, n
    a(i) = 0.5d0 * i
  end do
  tag = 'ab'
  name = 'x'
  do step = 1, 2
    call label_kernel(n, a, b, 'west', tag, name)
    print '(a, i0, 5a, i0, a, f0.6)', 'step ', step, ' tag=[', tag, '] name=[', name, '] len ', len(name), ' sum ', sum(b)
  end do
end program driver
