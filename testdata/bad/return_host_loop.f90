! RETURN in a loop around parallel loops (a host loop, which carries no
! scalar from trip to trip) or inside a parallel loop cannot end the
! kernel: both are refused at the RETURN; a serial loop's RETURN is fine.
!$OFP PURE, KERNEL :: halve
subroutine halve(n, a, b)
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  real(8), intent(out) :: b(n)
  integer :: i, it
  do it = 1, 8
    !$omp parallel do
    do i = 1, n
      b(i) = 0.5_8*a(i)
    end do
    !$omp end parallel do
    if (b(1) < 0.05_8) return  ! ERROR [return-in-loop] "inside the loop at line 10, around parallel loops"
  end do
  !$omp parallel do
  do i = 1, n
    if (a(i) > 2.0_8) return  ! ERROR [return-in-loop] "would leave the loop early"
    b(i) = a(i)
  end do
  do concurrent (i = 1:n)
    do it = 1, 2
      if (a(i) > 3.0_8) return  ! ERROR [return-in-loop] "would leave the loop early"
    end do
  end do
  do i = 1, n  ! WARNING [loop-serial] "this DO nest runs serially"
    if (b(i) > 4.0_8) return
  end do
end subroutine halve
