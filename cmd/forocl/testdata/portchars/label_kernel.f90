! A kernel with character dummies (Note [host characters] in
! ir/chars.go): len=* intent(in), len=8 intent(inout) and a
! deferred-length allocatable intent(inout), assigned with
! concatenation at the kernel's top level around a loop nest.
module label_kernel_mod
  implicit none
contains
  subroutine label_kernel(n, a, b, label, tag, name)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n)
    real(8), intent(out) :: b(n)
    character(len=*), intent(in) :: label
    character(len=8), intent(inout) :: tag
    character(:), allocatable, intent(inout) :: name
    integer :: i
    name = label // '/' // name
    !$omp parallel do
    do i = 1, n
      b(i) = 2d0 * a(i) + i
    end do
    tag = label // tag
  end subroutine label_kernel
end module label_kernel_mod
