! A function of scalars named as a kernel: a loop kernel with nothing
! to bind its sizes from.
module limiters
  implicit none
contains
  !$OFP PURE, KERNEL :: minmod
  pure real function minmod(a, b)  ! ERROR [kernel-no-arrays] "kernel \"minmod\" has no array arguments"
    real, intent(in) :: a, b
    minmod = merge(0.0, sign(min(abs(a), abs(b)), a), a*b <= 0)
  end function minmod

  !$OFP PURE, KERNEL :: triangle
  subroutine triangle(n, r)  ! ERROR [kernel-no-arrays] "kernel \"triangle\" has no array arguments"
    integer, intent(in) :: n
    real, intent(out) :: r
    integer :: i
    r = 0
    !$omp parallel do reduction(+:r)
    do i = 1, n
      r = r + i
    end do
  end subroutine triangle
end module limiters
