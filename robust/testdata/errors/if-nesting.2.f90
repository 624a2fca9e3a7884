! A loop kernel's blocks count too: the do concurrent and 64 ifs in it.
!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = 0.0
if (a(i) > 0.0) then
if (a(i) > 1.0) then
if (a(i) > 2.0) then
if (a(i) > 3.0) then
if (a(i) > 4.0) then
if (a(i) > 5.0) then
if (a(i) > 6.0) then
if (a(i) > 7.0) then
if (a(i) > 8.0) then
if (a(i) > 9.0) then
if (a(i) > 10.0) then
if (a(i) > 11.0) then
if (a(i) > 12.0) then
if (a(i) > 13.0) then
if (a(i) > 14.0) then
if (a(i) > 15.0) then
if (a(i) > 16.0) then
if (a(i) > 17.0) then
if (a(i) > 18.0) then
if (a(i) > 19.0) then
if (a(i) > 20.0) then
if (a(i) > 21.0) then
if (a(i) > 22.0) then
if (a(i) > 23.0) then
if (a(i) > 24.0) then
if (a(i) > 25.0) then
if (a(i) > 26.0) then
if (a(i) > 27.0) then
if (a(i) > 28.0) then
if (a(i) > 29.0) then
if (a(i) > 30.0) then
if (a(i) > 31.0) then
if (a(i) > 32.0) then
if (a(i) > 33.0) then
if (a(i) > 34.0) then
if (a(i) > 35.0) then
if (a(i) > 36.0) then
if (a(i) > 37.0) then
if (a(i) > 38.0) then
if (a(i) > 39.0) then
if (a(i) > 40.0) then
if (a(i) > 41.0) then
if (a(i) > 42.0) then
if (a(i) > 43.0) then
if (a(i) > 44.0) then
if (a(i) > 45.0) then
if (a(i) > 46.0) then
if (a(i) > 47.0) then
if (a(i) > 48.0) then
if (a(i) > 49.0) then
if (a(i) > 50.0) then
if (a(i) > 51.0) then
if (a(i) > 52.0) then
if (a(i) > 53.0) then
if (a(i) > 54.0) then
if (a(i) > 55.0) then
if (a(i) > 56.0) then
if (a(i) > 57.0) then
if (a(i) > 58.0) then
if (a(i) > 59.0) then
if (a(i) > 60.0) then
if (a(i) > 61.0) then
if (a(i) > 62.0) then
if (a(i) > 63.0) then  ! ERROR [if-nesting] "blocks nest 65 deep here"
b(i) = 1.0
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
  end do
end subroutine k
