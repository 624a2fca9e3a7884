! Coarray Fortran in kernels: image queries, collectives and image
! control statements have no meaning on the device's work-items.
module tiles
  implicit none
contains
  !$OFP PURE, KERNEL :: share
  subroutine share(n, a, b)
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    real, intent(out) :: b(n)
    integer :: i
    do concurrent (i = 1:n)
      b(i) = a(i) / num_images()  ! ERROR [coarray-unsupported] "\"num_images\" is a coarray intrinsic"
    end do
    sync all  ! ERROR [coarray-unsupported] "\"sync\" is a coarray image control statement"
  end subroutine share

  !$OFP PURE, KERNEL :: total
  subroutine total(n, a, s)
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    real, intent(out) :: s
    s = sum(a)
    call co_sum(s)  ! ERROR [coarray-unsupported] "\"co_sum\" is a coarray intrinsic"
  end subroutine total

  !$OFP PURE, KERNEL :: scale
  subroutine scale(a, b)
    real, intent(in), contiguous :: a(:)
    real, intent(out), contiguous :: b(:)
    b = a * this_image()  ! ERROR [coarray-unsupported] "\"this_image\" is a coarray intrinsic"
    sync images(*)  ! ERROR [coarray-unsupported] "\"sync\" is a coarray image control statement"
  end subroutine scale
end module tiles
